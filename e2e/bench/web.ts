// Prints, for /, /Earn and /Cashout in Chromium with a cold cache: JS requests, JS bytes (raw and as
// transferred, compressed) and the time until the owning remote's heading is visible. Median of 3 runs.
import { launchBrowser } from '../src/browser';
import { measurePageJs, median, type PageJs } from '../src/page-js';
import { startSite, stopSite } from '../src/site';
import { signUpThroughApi } from '../src/users';

const PAGES = [
  { path: '/', signedIn: false },
  { path: '/Earn', signedIn: true },
  { path: '/Cashout', signedIn: true },
];
const RUNS = 3;

/** `--list` prints every script of each page (first run), to see what a page loads. */
const listScripts = process.argv.includes('--list');

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const site = await startSite();
  const browser = await launchBrowser();
  try {
    const session = await signUpThroughApi(site.url).catch(() => null);
    console.log(`site ${site.url}; signed-in pages measured ${session ? 'signed in' : 'as a visitor (sign-up unavailable)'}`);
    console.log('page       JS requests  JS raw      JS compressed  content visible');
    for (const { path, signedIn } of PAGES) {
      const runs: PageJs[] = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await measurePageJs(browser, site.url, path, signedIn ? (session?.token ?? null) : null));
      const row = {
        jsRequests: median(runs.map((r) => r.jsRequests)),
        jsRawBytes: median(runs.map((r) => r.jsRawBytes)),
        jsCompressedBytes: median(runs.map((r) => r.jsCompressedBytes)),
        contentVisibleMs: median(runs.map((r) => r.contentVisibleMs)),
      };
      if (listScripts) {
        for (const script of runs[0]!.scripts) console.log(`    ${kb(script.compressed).padStart(9)}  ${new URL(script.url).pathname}`);
      }
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
