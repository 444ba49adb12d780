import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSite, type RunningSite } from './site';

export const SITE_FILE = path.join(__dirname, '..', '.site.json');

declare global {
  var __earnlySite: RunningSite | undefined;
}

export default async function globalSetup(): Promise<void> {
  const site = await startSite();
  globalThis.__earnlySite = site;
  writeFileSync(SITE_FILE, JSON.stringify({ url: site.url, logFile: site.logFile, dataDir: site.dataDir, pid: site.process.pid }));
}
