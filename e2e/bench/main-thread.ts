// Prints how long the main thread is blocked while / (as a visitor) and /Earn (signed in) load, measured from
// Chromium's own trace with the CPU slowed down 4 times (what Lighthouse's mobile preset simulates), over 7 loads
// each: when the first contentful paint came, the blocking time after it (every task's time past 50 ms, until the
// page has been quiet for 1.5 s: Lighthouse's TBT counts from that paint too), the longest task and how many tasks
// passed 50 ms. Lighthouse's TBT moves by hundreds of
// ms between runs on a shared 2-core machine; seven traces give a median that shows what a change did.
// `--loads=N` sets the number of loads; `--list` names the long tasks of each load and what ran in them.
import type { Browser } from 'playwright-core';
import { median } from '../src/page-js';
import type { RunningSite } from '../src/site';
import { benchWithSite } from './with-site';
import { signUpThroughApi } from '../src/users';

const PAGES = [
  { path: '/', signedIn: false },
  { path: '/Earn', signedIn: true },
];
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const QUIET_AFTER_LOAD_MS = 1_500;
const loadsArgument = process.argv.find((argument) => argument.startsWith('--loads='));
const LOADS = loadsArgument ? Math.max(1, Number(loadsArgument.slice('--loads='.length))) : 7;
const listTasks = process.argv.includes('--list');

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string; data?: { url?: string } } };
type LongTask = { startMs: number; durationMs: number; ran: string[] };
type Load = { firstPaintMs: number; blockingMs: number; longestMs: number; longTasks: LongTask[] };

/** What a task ran, for `--list`: the scripts it evaluated or called into, and the rendering steps. */
const WORK = new Set(['EvaluateScript', 'FunctionCall', 'RunMicrotasks', 'ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint', 'EventDispatch', 'TimerFire']);

function longTasksOf(events: TraceEvent[], baseUrl: string): { startTs: number | null; firstPaintTs: number | null; tasks: Array<{ ts: number; dur: number; ran: string[] }> } {
  const rendererMain = new Set(events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`));
  const onMain = (event: TraceEvent) => rendererMain.has(`${event.pid}:${event.tid}`);
  const firstPaint = events.find((event) => event.name === 'firstContentfulPaint');
  const start = events.find((event) => event.name === 'navigationStart');
  const tasks = events
    .filter((event) => event.name === 'RunTask' && event.ph === 'X' && onMain(event) && (event.dur ?? 0) / 1000 > LONG_TASK_MS)
    .map((task) => {
      const end = task.ts + task.dur!;
      const ran = events
        .filter((event) => event.ph === 'X' && WORK.has(event.name) && event.pid === task.pid && event.tid === task.tid && event.ts >= task.ts && event.ts < end && (event.dur ?? 0) > 3_000)
        .map((event) => `${event.name}${event.args?.data?.url ? ` ${event.args.data.url.replace(baseUrl, '')}` : ''} ${Math.round(event.dur! / 1000)}`);
      return { ts: task.ts, dur: task.dur! / 1000, ran };
    });
  return { startTs: start?.ts ?? null, firstPaintTs: firstPaint?.ts ?? null, tasks };
}

async function measureLoad(browser: Browser, baseUrl: string, path: string, authToken: string | null): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  try {
    if (authToken) await context.addCookies([{ name: 'auth_token', value: authToken, url: baseUrl }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing'] });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(QUIET_AFTER_LOAD_MS);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const { startTs, firstPaintTs, tasks } = longTasksOf(trace.traceEvents, baseUrl);
    if (startTs === null || firstPaintTs === null) throw new Error(`${path}: the trace has no navigation start or first contentful paint`);
    const afterPaint = tasks.filter((task) => task.ts >= firstPaintTs);
    return {
      firstPaintMs: (firstPaintTs - startTs) / 1000,
      blockingMs: afterPaint.reduce((sum, task) => sum + task.dur - LONG_TASK_MS, 0),
      longestMs: Math.max(0, ...afterPaint.map((task) => task.dur)),
      longTasks: afterPaint.map((task) => ({ startMs: (task.ts - firstPaintTs) / 1000, durationMs: task.dur, ran: task.ran })),
    };
  } finally {
    await context.close();
  }
}

async function main(site: RunningSite, browser: Browser) {
  const session = await signUpThroughApi(site.url);
  console.log(`site ${site.url}; CPU ${CPU_SLOWDOWN}x slower; ${LOADS} loads per page, each with a cold cache`);
  console.log('page    first paint  blocking after it (median; each load)             longest task  tasks > 50 ms');
  for (const { path, signedIn } of PAGES) {
    const loads: Load[] = [];
    for (let load = 0; load < LOADS; load += 1) loads.push(await measureLoad(browser, site.url, path, signedIn ? session.token : null));
    const each = loads.map((load) => Math.round(load.blockingMs)).sort((a, b) => a - b);
    const firstPaint = `${Math.round(median(loads.map((load) => load.firstPaintMs)))} ms`;
    console.log(
      `${path.padEnd(6)}  ${firstPaint.padStart(11)}  ${`${Math.round(median(each))} ms`.padStart(7)}  (${each.join(', ')})`.padEnd(75) +
        `${`${Math.round(median(loads.map((load) => load.longestMs)))} ms`.padStart(12)}  ${String(median(loads.map((load) => load.longTasks.length))).padStart(13)}`,
    );
    if (listTasks) {
      loads.forEach((load, index) => {
        console.log(`        load ${index + 1}: ${Math.round(load.blockingMs)} ms`);
        for (const task of load.longTasks) console.log(`          +${Math.round(task.startMs)} ms  ${Math.round(task.durationMs)} ms  ${task.ran.slice(0, 6).join(' | ')}`);
      });
    }
  }
}

benchWithSite(main);
