import type { Browser } from 'playwright-core';
import { launchBrowser } from '../src/browser';
import { startSite, stopSite, type RunningSite } from '../src/site';

/**
 * Runs a benchmark against the whole site started as `pnpm start` does (its own fresh database) and one
 * Chromium, stops both however it ends, and exits 1 with the error when it fails.
 */
export function benchWithSite(bench: (site: RunningSite, browser: Browser) => Promise<void>): void {
  const run = async () => {
    const site = await startSite();
    const browser = await launchBrowser().catch(async (error: unknown) => {
      await stopSite(site);
      throw error;
    });
    try {
      await bench(site, browser);
    } finally {
      await browser.close();
      await stopSite(site);
    }
  };
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
