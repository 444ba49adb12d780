// Prints, for /, /Earn and /Cashout in Chromium with a cold cache: JS requests, JS bytes (raw and as
// transferred, compressed) and the time until the owning remote's heading is visible. Median of 3 runs.
// Then route switches signed in (e2e/src/route-switch.ts): clicking the header's links from /Earn to /Cashout, back,
// to /Profile and back, the time from the click until the target's heading shows, on a first visit to its remote
// (with and without the shell's idle preload before) and once it is loaded. Median of 3 runs.
// Then Lighthouse (mobile defaults) on / as a visitor and /Earn, /Cashout and /Profile signed in, median of 3 runs
// each; `--pages=/Earn,/Profile` measures only those.
// `--lang=de` measures every page in that language (the `lang` cookie). `--list` names every script of each page; `--no-lighthouse` skips Lighthouse; `--switches-only` measures only
// the route switches; `--lighthouse-only` only Lighthouse; `--lighthouse-runs=N` runs Lighthouse N times per page
// (its score moved by 20 points between runs of one build here: more runs, a median that says more), and every
// run's figures are printed under the median. `LIGHTHOUSE_REPORTS=<folder>` keeps each full report.
// `--lcp-path` prints, for the run with the median LCP, what Lighthouse's simulated LCP waited for (lcp-path.ts).
// `--tbt-tasks` prints, for the run with the median TBT, the simulated tasks over 50 ms that made it (tbt-tasks.ts).
// Signed-in pages are measured with a verified email, the usual case; `--unverified` keeps the verify-email banner.
import type { Browser } from 'playwright-core';
import { isLocale, LOCALES } from '../../shared/src/i18n/locales';
import { measurePageJs, median, type PageJs } from '../src/page-js';
import { measureRouteSwitches, type SwitchStart, type SwitchTiming } from '../src/route-switch';
import { runLighthouse, type LighthouseFigures } from './lighthouse';
import type { RunningSite } from '../src/site';
import { benchWithSite } from './with-site';
import { signUpThroughApi, verifyEmailThroughApi } from '../src/users';

const PAGES = [
  { path: '/', signedIn: false },
  { path: '/Earn', signedIn: true },
  { path: '/Cashout', signedIn: true },
];
const RUNS = 3;
const ALL_LIGHTHOUSE_PAGES = [
  { path: '/', signedIn: false },
  { path: '/Earn', signedIn: true },
  { path: '/Cashout', signedIn: true },
  { path: '/Profile', signedIn: true },
];
const pagesArgument = process.argv.find((argument) => argument.startsWith('--pages='));
const chosenPaths = pagesArgument?.slice('--pages='.length).split(',');
const unknownPath = chosenPaths?.find((path) => !ALL_LIGHTHOUSE_PAGES.some((page) => page.path === path));
if (unknownPath !== undefined) {
  console.error(`--pages takes a comma-separated list of ${ALL_LIGHTHOUSE_PAGES.map((page) => page.path).join(', ')} (got "${unknownPath}")`);
  process.exit(2);
}
const LIGHTHOUSE_PAGES = chosenPaths ? ALL_LIGHTHOUSE_PAGES.filter((page) => chosenPaths.includes(page.path)) : ALL_LIGHTHOUSE_PAGES;

const lighthouseRunsArgument = process.argv.find((argument) => argument.startsWith('--lighthouse-runs='));
const LIGHTHOUSE_RUNS = lighthouseRunsArgument ? Number(lighthouseRunsArgument.slice('--lighthouse-runs='.length)) : RUNS;
if (!Number.isInteger(LIGHTHOUSE_RUNS) || LIGHTHOUSE_RUNS < 1) {
  console.error(`--lighthouse-runs takes a whole number of runs, 1 or more (got "${lighthouseRunsArgument}")`);
  process.exit(2);
}
const languageArgument = process.argv.find((argument) => argument.startsWith('--lang='));
const LANGUAGE = languageArgument?.slice('--lang='.length);
if (LANGUAGE !== undefined && !isLocale(LANGUAGE)) {
  console.error(`--lang takes one of ${LOCALES.join(', ')} (got "${LANGUAGE}")`);
  process.exit(2);
}
const listScripts = process.argv.includes('--list');
const switchesOnly = process.argv.includes('--switches-only');
const lighthouseOnly = process.argv.includes('--lighthouse-only');
const withLcpPath = process.argv.includes('--lcp-path');
const withBlockingTasks = process.argv.includes('--tbt-tasks');
const unverified = process.argv.includes('--unverified');
const withLighthouse = !process.argv.includes('--no-lighthouse') && !switchesOnly;
const withPageJs = !switchesOnly && !lighthouseOnly;
const SWITCHES = [
  ['/Earn', '/Cashout'],
  ['/Cashout', '/Earn'],
  ['/Earn', '/Profile'],
  ['/Profile', '/Earn'],
] as const;

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
    benchmarkIndex: of((run) => run.benchmarkIndex),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The median time and frames of the switches `from` → `to` of one kind over every run; null when no run made one. */
function medianSwitch(runs: SwitchTiming[][], from: string, to: string, visit: SwitchTiming['visit']): { ms: number; frames: number } | null {
  const times = runs.flat().filter((timing) => timing.from === from && timing.to === to && timing.visit === visit);
  return times.length > 0 ? { ms: median(times.map((timing) => timing.ms)), frames: median(times.map((timing) => timing.frames)) } : null;
}

async function printRouteSwitches(browser: Browser, baseUrl: string, authToken: string): Promise<void> {
  const runsOf = async (start: SwitchStart) => {
    const runs: SwitchTiming[][] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await measureRouteSwitches(browser, baseUrl, authToken, start));
    return runs;
  };
  const withoutIdlePreload = await runsOf('no-idle-preload');
  const afterIdlePreload = await runsOf('after-idle-preload');
  const cell = (figure: { ms: number; frames: number } | null, width: number) => (figure === null ? '-' : `${figure.ms} ms, ${figure.frames} fr`).padStart(width);
  console.log('\nroute switch (click until heading; frames after the click), median of 3');
  console.log('                     first visit   after idle preload   already loaded');
  for (const [from, to] of SWITCHES) {
    const again = medianSwitch([...withoutIdlePreload, ...afterIdlePreload], from, to, 'again');
    console.log(
      `${`${from} → ${to}`.padEnd(19)}  ${cell(medianSwitch(withoutIdlePreload, from, to, 'first'), 12)}  ${cell(medianSwitch(afterIdlePreload, from, to, 'first'), 19)}  ${cell(again, 15)}`,
    );
  }
}

/** The run whose `figure` is the median of all runs' (the upper one of an even count). */
function runWithMedian(runs: readonly LighthouseFigures[], figure: 'lcpMs' | 'tbtMs'): LighthouseFigures {
  return [...runs].sort((a, b) => a[figure] - b[figure])[Math.floor(runs.length / 2)]!;
}

async function main(site: RunningSite, browser: Browser) {
  const session = await signUpThroughApi(site.url).catch(() => null);
  // The usual signed-in user has verified their email (as check:budgets measures); --unverified keeps the banner
  // asking for the code above every page, as a new account sees it until then.
  if (session && !unverified) await verifyEmailThroughApi(site.url, session, site.logFile);
  const who = session ? `signed in, email ${unverified ? 'not verified (the banner shows)' : 'verified'}` : 'as a visitor (sign-up unavailable)';
  console.log(`site ${site.url}; signed-in pages measured ${who}; language ${LANGUAGE ?? 'en (no lang cookie)'}`);
  if (withPageJs) console.log('page       JS requests  JS raw      JS compressed  content visible');
  for (const { path, signedIn } of withPageJs ? PAGES : []) {
    const runs: PageJs[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await measurePageJs(browser, site.url, path, signedIn ? (session?.token ?? null) : null, { language: LANGUAGE }));
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
  if (!lighthouseOnly) {
    if (session) await printRouteSwitches(browser, site.url, session.token);
    else console.log('\nroute switches not measured: they need a signed-in user');
  }
  if (withLighthouse) {
    console.log(`\nLighthouse 12 (mobile, simulated throttling), median of ${LIGHTHOUSE_RUNS}`);
    console.log('page       performance  LCP       FCP       TBT       CLS    best practices');
    for (const { path, signedIn } of LIGHTHOUSE_PAGES) {
      const runs: LighthouseFigures[] = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1)
        runs.push(
          await runLighthouse(`${site.url}${path}`, signedIn ? (session?.token ?? null) : null, {
            lcpPath: withLcpPath,
            blockingTasks: withBlockingTasks,
            language: LANGUAGE,
          }),
        );
      const row = medianFigures(runs);
      console.log(
        `${path.padEnd(10)} ${String(row.performance).padStart(11)}  ${seconds(row.lcpMs).padEnd(8)}  ${seconds(row.fcpMs).padEnd(8)}  ${`${Math.round(row.tbtMs)} ms`.padEnd(8)}  ${row.cls.toFixed(3)}  ${String(row.bestPractices).padStart(14)}`,
      );
      console.log(`           each run: performance ${runs.map((run) => run.performance).join(', ')}`);
      console.log(`                     LCP ${runs.map((run) => seconds(run.lcpMs)).join(', ')}; TBT ${runs.map((run) => Math.round(run.tbtMs)).join(', ')} ms`);
      if (row.lcpElement) console.log(`           LCP element: ${row.lcpElement}`);
      console.log(`           CPU benchmark index: ${Math.round(row.benchmarkIndex)} (Lighthouse's; simulated TBT grows as it falls)`);
      for (const failure of row.failures) console.log(`           best practices: ${failure}`);
      if (withLcpPath) {
        const medianRun = runWithMedian(runs, 'lcpMs');
        console.log(`           what the simulated LCP of the median run (${seconds(medianRun.lcpMs)}) waited for:`);
        for (const line of medianRun.lcpPath) console.log(`             ${line}`);
      }
      if (withBlockingTasks) {
        const medianRun = runWithMedian(runs, 'tbtMs');
        console.log(`           the simulated tasks over 50 ms of the median run (TBT ${Math.round(medianRun.tbtMs)} ms), as start → end, the time the trace saw and the work in them:`);
        for (const line of medianRun.blockingTasks) console.log(`             ${line}`);
      }
    }
  }
}

benchWithSite(main);
