import { spawnSync } from 'node:child_process';
import { useBrowser, siteUrl } from '../src/browser';
import { globalSiteDataDir, runOps } from '../src/ops';
import { repositoryRoot } from '../src/site';

const browser = useBrowser();

type VersionHealth = { remote: string; version: string; loads: number; failedLoads: number; errors: number; lcpP75Ms: number | null };

/** `pnpm ops telemetry:health --json` on the running site: what browsers reported in the last 10 minutes. */
function reported(dataDir: string): VersionHealth[] {
  return (JSON.parse(runOps(['telemetry:health', '--minutes', '10', '--json'], dataDir)) as { result: VersionHealth[] }).result;
}

/** Asks until `check` holds: the server writes what it counted every 5 s. */
async function eventually<T>(read: () => T, check: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Tells the page it is being left (its reporter sends what it has) until a report matching `wanted` was accepted. */
async function leaveUntilSent(page: import('playwright-core').Page, beacons: Array<{ body: string; status: number }>, wanted: RegExp): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!beacons.some(({ body, status }) => status === 204 && wanted.test(body))) {
    if (Date.now() > deadline) throw new Error(`No report matching ${wanted} was accepted; sent: ${JSON.stringify(beacons)}`);
    await page.evaluate(() => dispatchEvent(new Event('pagehide')));
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('what browsers report (issue 35)', () => {
  it("a real browser's loads, LCP and a remote's failed load reach the database, and pnpm releases shows them", async () => {
    const url = siteUrl();
    const dataDir = globalSiteDataDir();
    const context = await browser().newContext({ baseURL: url });
    const page = await context.newPage();
    const beacons: Array<{ body: string; status: number }> = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/telemetry')) beacons.push({ body: response.request().postData() ?? '', status: response.status() });
    });

    await page.goto('/');
    await page.locator('main h1').first().waitFor();
    // The reporter loads once the page has settled; a click ends the page's LCP, leaving it is when it is sent.
    await page.waitForResponse((response) => /\/telemetry\.[0-9a-f]+\.js$/.test(response.url()), { timeout: 30_000 });
    await page.mouse.click(5, 5);
    await leaveUntilSent(page, beacons, /"name":"LCP"/);
    expect(beacons.some(({ body }) => /"type":"load","remote":"mf_marketing"/.test(body))).toBe(true);

    // mf-earn does not answer: its failed load is reported (the reporter loads at once on a failure).
    await page.route('**/remotes/mf-earn/**', (route) => route.abort());
    await page.goto('/Earn');
    await leaveUntilSent(page, beacons, /"type":"load_failed","remote":"mf_earn"/);
    expect(beacons.every(({ status }) => status === 204)).toBe(true);

    // Route patterns only: nothing of the user, no query.
    for (const { body } of beacons) {
      const { events } = JSON.parse(body) as { events: Array<Record<string, unknown>> };
      for (const event of events) expect(Object.keys(event).sort()).toEqual(event.type === 'vital' ? ['name', 'remote', 'route', 'type', 'value', 'version'] : ['remote', 'route', 'type', 'version']);
    }

    const rows = await eventually(
      () => reported(dataDir),
      (health) =>
        health.some((row) => row.remote === 'mf-marketing' && row.loads > 0 && row.lcpP75Ms !== null) &&
        health.some((row) => row.remote === 'mf-earn' && row.failedLoads > 0),
    );
    const marketing = rows.find((row) => row.remote === 'mf-marketing' && row.version === 'unversioned');
    expect(marketing).toEqual(expect.objectContaining({ loads: expect.any(Number), lcpP75Ms: expect.any(Number) }));
    expect(marketing!.loads).toBeGreaterThan(0);
    expect(marketing!.lcpP75Ms).toBeGreaterThan(0);
    expect(rows.find((row) => row.remote === 'mf-earn' && row.version === 'unversioned')?.failedLoads).toBeGreaterThan(0);

    // pnpm releases reads the same through the running server (PGlite allows one process).
    const releases = spawnSync('npx', ['-y', 'pnpm@12.21.0', 'releases', 'mf-marketing'], {
      cwd: repositoryRoot,
      env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(releases.status).toBe(0);
    expect(releases.stdout).toMatch(/unversioned \(working build\): [1-9]\d* loads, [\d.]+% failed loads, [\d.]+% errors, p75 LCP \d+ ms/);
    await context.close();
  });
});
