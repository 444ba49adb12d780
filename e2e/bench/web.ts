// Prints, for /, /Earn and /Cashout in Chromium with a cold cache: JS requests, JS bytes (raw and as
// transferred, compressed) and the time until the owning remote's heading is visible. Median of 3 runs.
// Then Lighthouse (mobile defaults) on / as a visitor and /Earn signed in, median of 3 runs each.
// `--list` names every script of each page; `--no-lighthouse` skips Lighthouse.
import { launchBrowser } from '../src/browser';
import { measurePageJs, median, type PageJs } from '../src/page-js';
import { runLighthouse, type LighthouseFigures } from './lighthouse';
import { startSite, stopSite } from '../src/site';
import { signUpThroughApi } from '../src/users';

const PAGES = [
  { path: '/', signedIn: false },
  { path: '/Earn', signedIn: true },
  { path: '/Cashout', signedIn: true },
];
const RUNS = 3;
const LIGHTHOUSE_PAGES = [
  { path: '/', signedIn: false },
  { path: '/Earn', signedIn: true },
];

const listScripts = process.argv.includes('--list');
const withLighthouse = !process.argv.includes('--no-lighthouse');

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The median of each figure over the runs (each figure on its own), and every best-practices failure seen. */
function medianFigures(runs: LighthouseFigures[]) {
  const of = (pick: (run: LighthouseFigures) => number) => median(runs.map(pick));
  return {
    performance: of((run) => run.performance),
    lcpMs: of((run) => run.lcpMs),
    fcpMs: of((run) => run.fcpMs),
    tbtMs: of((run) => run.tbtMs),
    cls: of((run) => run.cls),
    bestPractices: of((run) => run.bestPractices),
    failures: [...new Set(runs.flatMap((run) => run.bestPracticesFailures))],
    lcpElement: runs[0]?.lcpElement ?? null,
  };
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
    if (withLighthouse) {
      console.log('\nLighthouse 12 (mobile, simulated throttling), median of 3');
      console.log('page       performance  LCP       FCP       TBT       CLS    best practices');
      for (const { path, signedIn } of LIGHTHOUSE_PAGES) {
        const runs: LighthouseFigures[] = [];
        for (let run = 0; run < RUNS; run += 1) runs.push(await runLighthouse(`${site.url}${path}`, signedIn ? (session?.token ?? null) : null));
        const row = medianFigures(runs);
        console.log(
          `${path.padEnd(10)} ${String(row.performance).padStart(11)}  ${seconds(row.lcpMs).padEnd(8)}  ${seconds(row.fcpMs).padEnd(8)}  ${`${Math.round(row.tbtMs)} ms`.padEnd(8)}  ${row.cls.toFixed(3)}  ${String(row.bestPractices).padStart(14)}`,
        );
        if (row.lcpElement) console.log(`           LCP element: ${row.lcpElement}`);
        for (const failure of row.failures) console.log(`           best practices: ${failure}`);
      }
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
