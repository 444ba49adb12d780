// Lighthouse (pinned 12.8.x: it runs on Node 20) against this machine's Chromium, with its default mobile
// settings (simulated throttling), for one page at a time.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../src/browser';
import { freePort } from '../src/site';
import { lastLcpPath } from './lcp-path';
import { lastBlockingTasks } from './tbt-tasks';

export type LighthouseFigures = {
  performance: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  bestPractices: number;
  /** Why best practices lost points: the failed audits' titles. */
  bestPracticesFailures: string[];
  lcpElement: string | null;
  /** Lighthouse's measure of this machine's CPU speed (higher is faster): simulated TBT scales with its inverse. */
  benchmarkIndex: number;
  /** With `details.lcpPath`: what the run's simulated LCP waited for (lcp-path.ts). */
  lcpPath: string[];
  /** With `details.blockingTasks`: the simulated tasks over 50 ms that made the run's TBT (tbt-tasks.ts). */
  blockingTasks: string[];
};

/** Where each run's full report goes when `LIGHTHOUSE_REPORTS` names a folder (for reading the trace's tasks). */
function keepReport(url: string, report: unknown): void {
  const folder = process.env.LIGHTHOUSE_REPORTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const page = new URL(url).pathname.replace(/\W+/g, '_') || '_';
  writeFileSync(path.join(folder, `${page}-${Date.now()}.json`), JSON.stringify(report));
}

/** A run Lighthouse itself reports as failed (a trace it could not read: "Please run Lighthouse again"). */
class LighthouseRunError extends Error {}

const ATTEMPTS = 3;

/** What to read off Lighthouse's simulation besides the figures. */
/** `language`: the page in that language, as the `lang` cookie a returning visitor's browser keeps asks for. */
export type SimulationDetails = { lcpPath?: boolean; blockingTasks?: boolean; language?: string };

/**
 * One Lighthouse run in a fresh Chromium (a cold cache); signed in through the session cookie when given. A run
 * Lighthouse reports as failed (now and then NO_NAVSTART on a loaded machine) is run again, up to 3 times.
 */
export async function runLighthouse(url: string, authToken: string | null, details: SimulationDetails = {}): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(url, authToken, details);
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt === ATTEMPTS) throw error;
      console.error(`${error.message}; running it again (${attempt + 1} of ${ATTEMPTS})`);
    }
  }
}

async function runLighthouseOnce(url: string, authToken: string | null, details: SimulationDetails): Promise<LighthouseFigures> {
  const cookies = [...(authToken ? [{ name: 'auth_token', value: authToken }] : []), ...(details.language ? [{ name: 'lang', value: details.language }] : [])];
  // Lighthouse is ES modules only; this file runs as CommonJS.
  const { default: lighthouse } = await import('lighthouse');
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'earnly-lighthouse-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    env: { ...process.env, TMPDIR: profile },
  });
  try {
    // In the browser's cookie jar, as a signed-in browser holds them (Lighthouse leaves cookies alone). Sent as an
    // extra header instead, they were replaced by the jar's once the page had set a cookie of its own (the `lang`
    // of a first visit): the realtime authorisation that followed went without the session and answered 401.
    if (cookies.length) await browser.addCookies(cookies.map((cookie) => ({ ...cookie, url: new URL(url).origin })));
    const result = await lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'best-practices'],
      },
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new LighthouseRunError(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    keepReport(url, lhr);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const bestPractices = lhr.categories['best-practices'];
    const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined)?.items;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: numeric('largest-contentful-paint'),
      fcpMs: numeric('first-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      bestPractices: Math.round((bestPractices?.score ?? 0) * 100),
      bestPracticesFailures: (bestPractices?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => lhr.audits[ref.id]!.title),
      lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet ?? null,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      lcpPath: details.lcpPath ? await lastLcpPath(new URL(url).origin) : [],
      blockingTasks: details.blockingTasks ? await lastBlockingTasks(new URL(url).origin) : [],
    };
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
