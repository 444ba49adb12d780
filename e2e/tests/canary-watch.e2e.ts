import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launchBrowser } from '../src/browser';
import { repositoryRoot, startSite, stopSite, type RunningSite } from '../src/site';

// Its own site and releases folder: the canaries released here must not change what the other tests see.
const releasesDir = mkdtempSync(path.join(tmpdir(), 'earnly-canary-watch-'));
const aboutPageFile = path.join(repositoryRoot, 'mf-marketing', 'src', 'pages', 'about', 'about-page.tsx');
const aboutPageSource = readFileSync(aboutPageFile, 'utf8');
const messagesFile = path.join(repositoryRoot, 'mf-marketing', 'src', 'pages', 'messages', 'en.json');
const messagesSource = readFileSync(messagesFile, 'utf8');
const HEALTHY_TITLE = 'About us, as the canary tells it';
/** Tries of a canary before the watch decides: few, so a test needs few page visits (the rule is the same). */
const MIN_LOADS = 3;

type ReleaseLogEntry = { at: string; by: string; action: string; current: string | null; canary: unknown; reason?: string; health?: unknown };
type ReleaseState = { current: string | null; canary: { version: string; percent: number } | null; watch: unknown; log: ReleaseLogEntry[] };
type RuntimeConfigRemotes = { remotes: Array<{ name: string; version?: string }> };

let browser: Browser;
let site: RunningSite;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  // Every browser reports (the shell's telemetry, sampled by the runtime config).
  site = await startSite({ RELEASES_DIR: releasesDir, TELEMETRY_SAMPLE_RATE: '1' });
}, 240_000);
afterAll(async () => {
  writeFileSync(aboutPageFile, aboutPageSource);
  writeFileSync(messagesFile, messagesSource);
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  if (site) await stopSite(site);
  rmSync(releasesDir, { recursive: true, force: true });
});

/** `pnpm release …` as a team runs it, with a watch rule small enough for a test; returns what it printed. */
function pnpm(...args: string[]): string {
  const result = spawnSync('npx', ['-y', 'pnpm@12.21.0', ...args], {
    cwd: repositoryRoot,
    env: { ...process.env, RELEASES_DIR: releasesDir, CANARY_WATCH_MIN_LOADS: String(MIN_LOADS), CANARY_WATCH_MARGIN: '2' },
    encoding: 'utf8',
    timeout: 180_000,
  });
  if (result.status !== 0) throw new Error(`pnpm ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

function releasedVersion(stdout: string): string {
  const version = /mf-marketing (\d+\.\d+\.\d+-[0-9a-f]{10})/.exec(stdout)?.[1];
  if (!version) throw new Error(`no version in:\n${stdout}`);
  return version;
}

const releaseState = (): ReleaseState => JSON.parse(readFileSync(path.join(releasesDir, 'mf-marketing', 'release.json'), 'utf8')) as ReleaseState;

async function newBrowser(bucket: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: site.url, viewport: DESKTOP });
  contexts.push(context);
  await context.addCookies([{ name: 'release_bucket', value: String(bucket), url: site.url }]);
  return { context, page: await context.newPage() };
}

async function marketingVersion(page: Page): Promise<string | undefined> {
  const response = await page.request.get('/runtime-config.json');
  return ((await response.json()) as RuntimeConfigRemotes).remotes.find((remote) => remote.name === 'mf_marketing')?.version;
}

const aboutHeading = (page: Page, title: string) => page.getByRole('heading', { level: 1, name: title, exact: true });
const unavailableNotice = (page: Page) => page.getByText('This section is temporarily unavailable');

/**
 * Opens /about-us as a visitor does, and leaves it once the shell's telemetry reporter runs (at once after a
 * failure, else once the page settled): leaving sends what the page saw (sendBeacon on pagehide).
 */
async function visitAbout(page: Page): Promise<{ version: string | undefined; shown: 'page' | 'error' }> {
  const reporterLoaded = page.waitForResponse((response) => /\/telemetry\.[0-9a-f]+\.js$/.test(new URL(response.url()).pathname), { timeout: 30_000 });
  await page.goto('/about-us');
  const shown = await Promise.race([
    page.getByRole('heading', { level: 1 }).first().waitFor().then(() => 'page' as const),
    unavailableNotice(page).waitFor().then(() => 'error' as const),
  ]);
  const version = await marketingVersion(page);
  await reporterLoaded;
  // Leaving sends the report (a beacon, which the browser sends on its own after the page is gone).
  await page.goto('about:blank');
  return { version, shown };
}

async function waitFor<T>(what: string, look: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const seen = look();
    if (seen !== undefined) return seen;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('a canary that watches itself', () => {
  let current: string;

  it('rolls back by itself a canary whose page throws, within 60 s of browsers loading it; they get the current version next visit', async () => {
    current = releasedVersion(pnpm('release', 'mf-marketing'));

    writeFileSync(aboutPageFile, aboutPageSource.replace('const t = useT();', "const t = useT();\n  if (t) throw new Error('the canary watch e2e: About throws on render');"));
    const output = pnpm('release', 'mf-marketing', '--canary', '50', '--watch', '2');
    writeFileSync(aboutPageFile, aboutPageSource);
    const canary = releasedVersion(output);
    expect(output).toContain(`mf-marketing now serves ${current}, and ${canary} to 50% of browsers.`);
    expect(output).toMatch(/The server watches the canary until \S+: rolled back by itself when its failed-load or error rate is surely more than 2 points above the current version's \(once 3 canary loads are seen\), promoted at the end when healthy\./);
    expect(releaseState().watch).toMatchObject({ margin: 0.02, minLoads: MIN_LOADS, promote: true });

    const inCanary = await newBrowser(10);
    const outside = await newBrowser(90);
    const firstCanaryLoad = Date.now();
    /** When each visit that had the canary left its page (and so sent its report). */
    const canaryVisitsLeft: number[] = [];
    let canaryVisits = 0;
    // Until the watch has seen enough: each visit shows the canary's failure, outside browsers the page.
    while (releaseState().canary !== null && canaryVisits < MIN_LOADS + 2) {
      expect(await visitAbout(outside.page)).toEqual({ version: current, shown: 'page' });
      const seen = await visitAbout(inCanary.page);
      if (seen.version !== canary) break;
      expect(seen.shown).toBe('error');
      canaryVisits += 1;
      canaryVisitsLeft.push(Date.now());
    }
    await waitFor('the watch rolls the canary back', () => (releaseState().canary === null ? true : undefined), 60_000);
    const state = releaseState();
    expect(state).toMatchObject({ current, canary: null, watch: null });
    const decision = state.log.at(-1);
    expect(decision).toMatchObject({
      by: 'canary watch',
      action: 'rollback',
      current,
      canary: null,
      reason: expect.stringMatching(/^error rate \d+\.\d% \(\d+ of \d+ loads\) against 0\.0% \(0 of \d+\): above the current version's by more than 2 points/),
    });
    const health = decision?.health as { canary: { loads: number; errors: number }; current: { loads: number; errors: number } };
    expect(health.canary.loads).toBeGreaterThanOrEqual(MIN_LOADS);
    expect(health.canary.errors).toBeGreaterThan(0);
    expect(health.current.errors).toBe(0);
    // When the server decided, by its own clock (the same machine's).
    const rolledBack = Date.parse(decision!.at);
    const enoughLoads = canaryVisitsLeft[MIN_LOADS - 1] ?? Number.NaN;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `canary watch e2e: rolled back ${seconds(rolledBack - firstCanaryLoad)} after browsers first loaded it, ${seconds(rolledBack - enoughLoads)} after the visit that made ${MIN_LOADS} loads left its page (${canaryVisits} visits had it; ${decision?.reason})`,
    );
    expect(rolledBack - firstCanaryLoad).toBeLessThan(60_000);

    // The same browser, on its next visit, gets the current version and its page.
    await inCanary.page.goto('/about-us');
    await aboutHeading(inCanary.page, 'About us').waitFor();
    expect(await marketingVersion(inCanary.page)).toBe(current);
    expect(pnpm('releases', 'mf-marketing')).toContain(`last change: rollback by canary watch at ${decision?.at}: error rate `);
  }, 300_000);

  it('promotes a healthy canary at the end of its window', async () => {
    const edited = messagesSource.replace(/"about\.title": "[^"]*"/, `"about.title": ${JSON.stringify(HEALTHY_TITLE)}`);
    expect(edited).not.toBe(messagesSource);
    writeFileSync(messagesFile, edited);
    const output = pnpm('release', 'mf-marketing', '--canary', '50', '--watch', '60s');
    writeFileSync(messagesFile, messagesSource);
    const canary = releasedVersion(output);
    const { until } = releaseState().watch as { until: string };

    const inCanary = await newBrowser(20);
    const outside = await newBrowser(80);
    for (let visit = 0; visit < MIN_LOADS; visit += 1) {
      expect(await visitAbout(inCanary.page)).toEqual({ version: canary, shown: 'page' });
    }
    await inCanary.page.goto('/about-us');
    await aboutHeading(inCanary.page, HEALTHY_TITLE).waitFor();
    expect(await visitAbout(outside.page)).toEqual({ version: current, shown: 'page' });
    // Healthy loads decide nothing before the window ends.
    if (Date.now() < Date.parse(until) - 5000) expect(releaseState().canary?.version).toBe(canary);

    const promoted = await waitFor('the watch promotes the canary', () => (releaseState().current === canary ? Date.now() : undefined), 90_000);
    expect(promoted).toBeGreaterThanOrEqual(Date.parse(until));
    console.log(`canary watch e2e: promoted ${((promoted - Date.parse(until)) / 1000).toFixed(1)} s after its window ended`);
    expect(releaseState().log.at(-1)).toMatchObject({
      by: 'canary watch',
      action: 'promote',
      current: canary,
      reason: expect.stringMatching(/^healthy for the whole watch: failed-load rate 0\.0% \(0 of \d+ loads\) against 0\.0% \(0 of \d+\); error rate 0\.0%/),
    });
    await outside.page.goto('/about-us');
    await aboutHeading(outside.page, HEALTHY_TITLE).waitFor();
  }, 300_000);
});
