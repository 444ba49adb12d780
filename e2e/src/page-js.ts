import type { Browser, Page } from 'playwright-core';
import { untilPrerenderReplaced } from './browser';

export type ScriptSize = { url: string; raw: number; compressed: number };
export type PageJs = { jsRequests: number; jsRawBytes: number; jsCompressedBytes: number; contentVisibleMs: number; scripts: ScriptSize[] };

const PAGE_WAIT_MS = 120_000;

/**
 * The live socket's library (the shell's `realtime` chunk), asked for once the page has settled (load + 3 s,
 * then idle): on a busy host the page's network may still be busy by then, and counting it would make the
 * figure depend on the host's speed.
 */
function isSettledExtra(url: string): boolean {
  return /\/realtime\.[0-9a-f]+\.js$/.test(new URL(url).pathname);
}

/**
 * Loads `path` in a fresh context (a cold cache), signed in with `authToken` when given, in `language` when
 * given, and adds up every
 * script until the page is the remote's own (a prerendered first screen replaced) and the network is idle:
 * how many, their bytes as run and as transferred (compressed), and the time until the page's heading is
 * visible. Waiting for the replacement counts the page's own chunks on every load: with a prerendered first
 * screen the network could fall idle before they were even asked for.
 */
export async function measurePageJs(
  browser: Browser,
  baseUrl: string,
  path: string,
  authToken: string | null,
  { language }: { language?: string } = {},
): Promise<PageJs> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  // A measure of bytes, not of time: a host busy with other test steps may take long to show the page.
  context.setDefaultTimeout(PAGE_WAIT_MS);
  if (authToken) await context.addCookies([{ name: 'auth_token', value: authToken, url: baseUrl }]);
  // The footer's choice, as a returning visitor's browser keeps it.
  if (language) await context.addCookies([{ name: 'lang', value: language, url: baseUrl }]);
  // The page's own JS: the shell's idle preload of the pages a signed-in user likely opens next (load + 2 s,
  // then idle) and its telemetry reporter (load + 3 s, then idle) are not its cost, and on a busy machine they
  // start before the network falls idle. Save-Data, which the shell honours, turns them off and nothing else.
  await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
  const page: Page = await context.newPage();
  const scripts: Array<Promise<ScriptSize>> = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script' || isSettledExtra(request.url())) return;
    scripts.push(
      (async () => {
        const sizes = await request.sizes();
        const response = await request.response();
        const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
        return { url: request.url(), raw: body.length, compressed: sizes.responseBodySize };
      })(),
    );
  });
  const started = Date.now();
  await page.goto(path);
  await page.locator('main h1').first().waitFor();
  const contentVisibleMs = Date.now() - started;
  await untilPrerenderReplaced(page);
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all(scripts);
  await context.close();
  return {
    jsRequests: sizes.length,
    jsRawBytes: sizes.reduce((sum, size) => sum + size.raw, 0),
    jsCompressedBytes: sizes.reduce((sum, size) => sum + size.compressed, 0),
    contentVisibleMs,
    scripts: sizes,
  };
}

export function median(values: number[]): number {
  return medianBy(values, (value) => value);
}

/** The item whose key is the median (the upper one of an even count). */
export function medianBy<T>(items: readonly T[], key: (item: T) => number): T {
  const sorted = [...items].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor(sorted.length / 2)]!;
}
