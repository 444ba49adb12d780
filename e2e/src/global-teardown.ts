import { rmSync } from 'node:fs';
import { SITE_FILE } from './global-setup';
import { stopSite } from './site';

export default async function globalTeardown(): Promise<void> {
  const site = globalThis.__earnlySite;
  if (site) await stopSite(site);
  rmSync(SITE_FILE, { force: true });
}
