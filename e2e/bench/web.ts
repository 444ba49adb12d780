// Prints, for /, /Earn and /Cashout in Chromium with a cold cache: JS requests, JS bytes (raw and as
// transferred, compressed) and the time until the owning remote's heading is visible. Median of 3 runs.
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../src/browser';
import { startSite, stopSite } from '../src/site';
import { signUpThroughApi } from '../src/users';

type Measurement = { jsRequests: number; jsRawBytes: number; jsCompressedBytes: number; contentVisibleMs: number };

const PAGES = [
  { path: '/', signedIn: false },
  { path: '/Earn', signedIn: true },
  { path: '/Cashout', signedIn: true },
];
const RUNS = 3;

async function measure(browser: Browser, baseUrl: string, path: string, cookie: string | null): Promise<Measurement> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  if (cookie) await context.addCookies([{ name: 'auth_token', value: cookie, url: baseUrl }]);
  const page: Page = await context.newPage();
  const scripts: Array<Promise<{ raw: number; compressed: number }>> = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(
      (async () => {
        const sizes = await request.sizes();
        const response = await request.response();
        const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
        return { raw: body.length, compressed: sizes.responseBodySize };
      })(),
    );
  });
  const started = Date.now();
  await page.goto(path);
  await page.locator('main h1').first().waitFor();
  const contentVisibleMs = Date.now() - started;
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all(scripts);
  await context.close();
  return {
    jsRequests: sizes.length,
    jsRawBytes: sizes.reduce((sum, size) => sum + size.raw, 0),
    jsCompressedBytes: sizes.reduce((sum, size) => sum + size.compressed, 0),
    contentVisibleMs,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const site = await startSite();
  const browser = await launchBrowser();
  try {
    const session = await signUpThroughApi(site.url).catch(() => null);
    console.log(`site ${site.url}; signed-in pages measured ${session ? 'signed in' : 'as a visitor (sign-up unavailable)'}`);
    console.log('page       JS requests  JS raw      JS compressed  content visible');
    for (const { path, signedIn } of PAGES) {
      const runs: Measurement[] = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await measure(browser, site.url, path, signedIn ? (session?.token ?? null) : null));
      const row = {
        jsRequests: median(runs.map((r) => r.jsRequests)),
        jsRawBytes: median(runs.map((r) => r.jsRawBytes)),
        jsCompressedBytes: median(runs.map((r) => r.jsCompressedBytes)),
        contentVisibleMs: median(runs.map((r) => r.contentVisibleMs)),
      };
      console.log(
        `${path.padEnd(10)} ${String(row.jsRequests).padStart(11)}  ${kb(row.jsRawBytes).padStart(9)}  ${kb(row.jsCompressedBytes).padStart(13)}  ${String(row.contentVisibleMs).padStart(12)} ms`,
      );
    }
  } finally {
    await browser.close();
    await stopSite(site);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
