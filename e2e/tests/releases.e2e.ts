import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launchBrowser } from '../src/browser';
import { keepBuild } from '../src/kept-build';
import { repositoryRoot, siteLog, startSite, stopSite, type RunningSite } from '../src/site';

// Its own site and releases folder: releasing mf-marketing here must not change what the other tests see.
const releasesDir = mkdtempSync(path.join(tmpdir(), 'earnly-releases-'));
// The Quests page's English words: a team's text change is a change to its messages.
const pageFile = path.join(repositoryRoot, 'mf-marketing', 'src', 'pages', 'messages', 'en.json');
const original = readFileSync(pageFile, 'utf8');
const RELEASED_TITLE = 'Quests of the week';

type RuntimeConfigRemotes = { remotes: Array<{ name: string; manifest: string; version?: string }> };

let browser: Browser;
let site: RunningSite;
const contexts: BrowserContext[] = [];

let marketingBuild: ReturnType<typeof keepBuild>;

beforeAll(async () => {
  marketingBuild = keepBuild('mf-marketing');
  browser = await launchBrowser();
});
afterAll(async () => {
  writeFileSync(pageFile, original);
  await Promise.all(contexts.map((context) => context.close()));
  await browser.close();
  if (site) await stopSite(site);
  rmSync(releasesDir, { recursive: true, force: true });
  // The global site serves mf-marketing/dist, which the stale-build test rebuilt from a changed source.
  marketingBuild.restore();
});

function editBonusesTitle(title: string) {
  const edited = original.replace('"bonuses.title": "Quests"', `"bonuses.title": ${JSON.stringify(title)}`);
  expect(edited).not.toBe(original);
  writeFileSync(pageFile, edited);
}

/** `pnpm release …` / `pnpm rollback …` as a team runs them; returns what they printed. */
function pnpm(...args: string[]): { stdout: string; stderr: string } {
  const result = spawnSync('npx', ['-y', 'pnpm@12.21.0', ...args], {
    cwd: repositoryRoot,
    env: { ...process.env, RELEASES_DIR: releasesDir },
    encoding: 'utf8',
    timeout: 180_000,
  });
  if (result.status !== 0) throw new Error(`pnpm ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return { stdout: result.stdout, stderr: result.stderr };
}

/** The version a `pnpm release` published (or found published). */
function releasedVersion(stdout: string): string {
  const version = /mf-marketing (\d+\.\d+\.\d+-[0-9a-f]{10})/.exec(stdout)?.[1];
  if (!version) throw new Error(`no version in:\n${stdout}`);
  return version;
}

/**
 * Where two published versions of mf-marketing differ: each file present in one only or with other bytes, and
 * for the first such text file the text around its first difference. Said when the same sources built two
 * versions (seen once in CI, not reproduced), so that the next time names the cause.
 */
function versionDifference(a: string, b: string): string {
  const folder = (version: string) => path.join(releasesDir, 'mf-marketing', version);
  const files = (root: string) =>
    (readdirSync(root, { recursive: true }) as string[]).filter((file) => !/\.(br|gz)$/.test(file) && statSync(path.join(root, file)).isFile()).sort();
  if (!existsSync(folder(a)) || !existsSync(folder(b))) return `${a} or ${b} is not in ${releasesDir}`;
  const differing = [...new Set([...files(folder(a)), ...files(folder(b))])].filter((file) => {
    const [left, right] = [path.join(folder(a), file), path.join(folder(b), file)];
    if (!existsSync(left) || !existsSync(right)) return true;
    return !readFileSync(left).equals(readFileSync(right));
  });
  const text = differing.find((file) => /\.(js|css|json|html)$/.test(file) && existsSync(path.join(folder(a), file)) && existsSync(path.join(folder(b), file)));
  if (!text) return `files that differ: ${differing.join(', ')}`;
  const [left, right] = [readFileSync(path.join(folder(a), text), 'utf8'), readFileSync(path.join(folder(b), text), 'utf8')];
  let at = 0;
  while (at < left.length && left[at] === right[at]) at += 1;
  return `files that differ: ${differing.join(', ')}; ${text} from character ${at}:\n${a}: ${left.slice(Math.max(0, at - 80), at + 160)}\n${b}: ${right.slice(Math.max(0, at - 80), at + 160)}`;
}

async function newBrowser(bucket?: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: site.url, viewport: DESKTOP });
  contexts.push(context);
  if (bucket !== undefined) await context.addCookies([{ name: 'release_bucket', value: String(bucket), url: site.url }]);
  return { context, page: await context.newPage() };
}

const bonusesHeading = (page: Page, title: string) => page.getByRole('heading', { level: 1, name: title, exact: true });

/** The mf-marketing version the page's browser runs, as its runtime config names it. */
async function marketingVersion(page: Page): Promise<string | undefined> {
  const response = await page.request.get('/runtime-config.json');
  return ((await response.json()) as RuntimeConfigRemotes).remotes.find((remote) => remote.name === 'mf_marketing')?.version;
}

/** Paths of every mf-marketing file the page requests, and those that failed. */
function watchMarketingFiles(page: Page): { requested: string[]; failed: string[] } {
  const seen = { requested: [] as string[], failed: [] as string[] };
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith('/remotes/mf-marketing/')) return;
    seen.requested.push(pathname);
    if (response.status() >= 400) seen.failed.push(`${response.status()} ${pathname}`);
  });
  return seen;
}

describe('pnpm start', () => {
  it('rebuilds a frontend whose sources changed since its build', async () => {
    editBonusesTitle('Quests, fresh from the source');
    site = await startSite({ RELEASES_DIR: releasesDir });
    expect(siteLog(site)).toContain('start: building mf-marketing (mf-marketing/src/pages/messages/en.json changed since it was built)');
    const { page } = await newBrowser();
    await page.goto('/bonuses');
    await bonusesHeading(page, 'Quests, fresh from the source').waitFor();
    writeFileSync(pageFile, original);
  });
});

describe('versioned releases', () => {
  let first: string;
  let second: string;

  it('serves each release as a version side by side; pages already open keep theirs; rollback needs no build', async () => {
    first = releasedVersion(pnpm('release', 'mf-marketing').stdout);
    const early = await newBrowser();
    const earlyFiles = watchMarketingFiles(early.page);
    await early.page.goto('/faq');
    await early.page.getByRole('heading', { level: 1, name: 'FAQ' }).waitFor();
    expect(await marketingVersion(early.page)).toBe(first);
    expect(earlyFiles.requested).toContain(`/remotes/mf-marketing/${first}/mf-manifest.json`);

    editBonusesTitle(RELEASED_TITLE);
    second = releasedVersion(pnpm('release', 'mf-marketing').stdout);
    writeFileSync(pageFile, original);
    expect(second).not.toBe(first);

    const late = await newBrowser();
    const lateFiles = watchMarketingFiles(late.page);
    await late.page.goto('/bonuses');
    await bonusesHeading(late.page, RELEASED_TITLE).waitFor();
    expect(lateFiles.requested).toContain(`/remotes/mf-marketing/${second}/mf-manifest.json`);
    // The landing's prerendered first screen comes from the version served, built with it.
    const landing = await (await fetch(`${site.url}/`, { headers: { accept: 'text/html' } })).text();
    expect(landing).toContain(`<link rel="stylesheet" href="/remotes/mf-marketing/${second}/prerendered/index.css" />`);
    expect(landing).toMatch(/data-prerendered-path="\/"><section [^>]*><div [^>]*><div [^>]*><h1 id="landing-title"/);
    expect(lateFiles.requested.every((file) => file.startsWith(`/remotes/mf-marketing/${second}/`))).toBe(true);

    // The page opened before the release goes on with its version: its next page's chunks still load.
    await early.page.evaluate(() => {
      window.history.pushState(null, '', '/bonuses');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await bonusesHeading(early.page, 'Quests').waitFor();
    expect(earlyFiles.failed).toEqual([]);
    expect(earlyFiles.requested.every((file) => file.startsWith(`/remotes/mf-marketing/${first}/`))).toBe(true);

    const rollback = pnpm('rollback', 'mf-marketing');
    expect(rollback.stdout).toContain(`mf-marketing now serves ${first}.`);
    expect(rollback.stderr).not.toMatch(/rspack|compiled/i);
    await late.page.reload();
    await bonusesHeading(late.page, 'Quests').waitFor();
    expect(await marketingVersion(late.page)).toBe(first);
  });

  it('gives a share of browsers a newer version, each keeping its own, until a rollback', async () => {
    editBonusesTitle(RELEASED_TITLE);
    const canary = pnpm('release', 'mf-marketing', '--canary', '50').stdout;
    writeFileSync(pageFile, original);
    // The same sources build the same version: nothing new is published.
    const rebuilt = releasedVersion(canary);
    expect(rebuilt === second ? rebuilt : `${rebuilt}: ${versionDifference(second, rebuilt)}`).toBe(second);
    expect(canary).toContain(`mf-marketing ${second} was already published`);
    expect(canary).toContain(`mf-marketing now serves ${first}, and ${second} to 50% of browsers.`);

    const inCanary = await newBrowser(10);
    const outside = await newBrowser(90);
    for (let visit = 0; visit < 2; visit += 1) {
      await inCanary.page.goto('/bonuses');
      await bonusesHeading(inCanary.page, RELEASED_TITLE).waitFor();
      await outside.page.goto('/bonuses');
      await bonusesHeading(outside.page, 'Quests').waitFor();
    }
    expect(await marketingVersion(inCanary.page)).toBe(second);
    expect(await marketingVersion(outside.page)).toBe(first);

    // A browser new to the site is given its share once, and keeps it.
    const newcomer = await newBrowser();
    await newcomer.page.goto('/bonuses');
    const bucket = (await newcomer.context.cookies()).find((cookie) => cookie.name === 'release_bucket');
    expect(bucket?.value).toMatch(/^\d{1,2}$/);
    const expectedTitle = Number(bucket!.value) < 50 ? RELEASED_TITLE : 'Quests';
    await bonusesHeading(newcomer.page, expectedTitle).waitFor();
    await newcomer.page.reload();
    await bonusesHeading(newcomer.page, expectedTitle).waitFor();

    expect(pnpm('rollback', 'mf-marketing').stdout).toContain(`mf-marketing now serves ${first}.`);
    await inCanary.page.reload();
    await bonusesHeading(inCanary.page, 'Quests').waitFor();
    expect(await marketingVersion(inCanary.page)).toBe(first);
  });
});
