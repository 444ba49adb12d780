import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from '../src/browser';
import { keepBuild } from '../src/kept-build';
import { repositoryRoot } from '../src/site';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

function folderFingerprint(folder: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else hash.update(path.relative(folder, file)).update(readFileSync(file));
    }
  };
  walk(folder);
  return hash.digest('hex');
}

function buildMarketing() {
  execFileSync('npx', ['-y', 'pnpm@12.21.0', '--filter', '@rewards/mf-marketing', 'build'], { cwd: repositoryRoot, stdio: 'pipe' });
}

describe('the shell build', () => {
  it('contains no remote: no remote code and no remote name', () => {
    // shell/dist also keeps earlier releases' chunks for open pages, so check a fresh build of its own.
    const freshDist = mkdtempSync(path.join(tmpdir(), 'shell-dist-'));
    try {
      execFileSync('npx', ['rspack', 'build', '--mode', 'production', '--output-path', freshDist], {
        cwd: path.join(repositoryRoot, 'shell'),
        stdio: 'pipe',
      });
      const scripts = readdirSync(freshDist).filter((name) => name.endsWith('.js'));
      expect(scripts.length).toBeGreaterThan(0);
      for (const name of scripts) {
        expect(readFileSync(path.join(freshDist, name), 'utf8')).not.toMatch(/mf_(marketing|earn|cashout|account|admin)|mf-(marketing|earn|cashout|account|admin)/);
      }
    } finally {
      rmSync(freshDist, { recursive: true, force: true });
    }
  });
});

describe('an independent release of mf-marketing', () => {
  // The Quests page's English words: a team's text change is a change to its messages.
  const pageFile = path.join(repositoryRoot, 'mf-marketing', 'src', 'pages', 'messages', 'en.json');
  const original = readFileSync(pageFile, 'utf8');

  let marketingBuild: ReturnType<typeof keepBuild>;

  beforeAll(() => {
    marketingBuild = keepBuild('mf-marketing');
  });
  afterAll(() => {
    writeFileSync(pageFile, original);
    marketingBuild.restore();
  });

  it('shows the new text after only mf-marketing is rebuilt; the shell build is untouched', async () => {
    const shellBefore = folderFingerprint(path.join(repositoryRoot, 'shell', 'dist'));
    const { context, page } = await openPage(browser);
    await page.goto('/bonuses');
    await page.getByRole('heading', { level: 1, name: 'Quests' }).waitFor();

    const released = original.replace('"bonuses.title": "Quests"', '"bonuses.title": "Quests of the week"');
    expect(released).not.toBe(original);
    writeFileSync(pageFile, released);
    buildMarketing();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Quests of the week' }).waitFor();
    expect(folderFingerprint(path.join(repositoryRoot, 'shell', 'dist'))).toBe(shellBefore);
    await context.close();
  });
});

describe('a content change released with mf-marketing alone', () => {
  const faqFile = path.join(repositoryRoot, 'mf-marketing', 'content', 'faq.json');
  const original = readFileSync(faqFile, 'utf8');

  let marketingBuild: ReturnType<typeof keepBuild>;

  beforeAll(() => {
    marketingBuild = keepBuild('mf-marketing');
  });
  afterAll(() => {
    writeFileSync(faqFile, original);
    marketingBuild.restore();
  });

  it('shows a changed FAQ answer on the running site, no code touched', async () => {
    const question = 'How old do I have to be?';
    const faq = JSON.parse(original) as { questions: Array<{ question: string; answer: string }> };
    const entry = faq.questions.find((item) => item.question === question)!;
    const newAnswer = `${entry.answer} Released on its own at ${Date.now()}.`;
    entry.answer = newAnswer;

    const { context, page } = await openPage(browser);
    await page.goto('/faq');
    await page.getByRole('button', { name: question }).click();
    expect(await page.getByRole('region', { name: question }).textContent()).not.toContain('Released on its own');

    writeFileSync(faqFile, `${JSON.stringify(faq, null, 2)}\n`);
    buildMarketing();

    await page.reload();
    await page.getByRole('button', { name: question }).click();
    await page.getByRole('region', { name: question }).getByText(newAnswer).waitFor();
    await context.close();
  });
});

describe('a release of the staff console (mf-admin), the fifth team', () => {
  const releasesDir = mkdtempSync(path.join(tmpdir(), 'earnly-admin-releases-'));
  const OTHERS = ['shell', 'mf-marketing', 'mf-earn', 'mf-cashout', 'mf-account'];

  afterAll(() => rmSync(releasesDir, { recursive: true, force: true }));

  it('publishes a version of mf-admin and leaves the shell and every other remote byte-identical', () => {
    const before = Object.fromEntries(OTHERS.map((name) => [name, folderFingerprint(path.join(repositoryRoot, name, 'dist'))]));
    const release = spawnSync('npx', ['-y', 'pnpm@12.21.0', 'release', 'mf-admin'], {
      cwd: repositoryRoot,
      env: { ...process.env, RELEASES_DIR: releasesDir },
      encoding: 'utf8',
      timeout: 180_000,
    });
    expect(release.status).toBe(0);
    const version = /mf-admin (\d+\.\d+\.\d+-[0-9a-f]{10})/.exec(release.stdout)?.[1];
    expect(version).toBeDefined();
    expect(existsSync(path.join(releasesDir, 'mf-admin', version!, 'mf-manifest.json'))).toBe(true);
    expect(readdirSync(releasesDir)).toEqual(['mf-admin']);
    for (const name of OTHERS) expect([name, folderFingerprint(path.join(repositoryRoot, name, 'dist'))]).toEqual([name, before[name]]);
  });
});
