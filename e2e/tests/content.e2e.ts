import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser } from 'playwright-core';
import { launchBrowser, openPage, PHONE, untilPrerenderReplaced } from '../src/browser';
import { runOps } from '../src/ops';
import { repositoryRoot, startSite, stopSite, type RunningSite } from '../src/site';

const WITHIN_MS = 5_000;
const contentDir = path.join(repositoryRoot, 'mf-marketing', 'content');

type Faq = { questions: Array<{ question: string; answer: string }> };
type Landing = { hero: { titleBefore: string; highlight: string; titleAfter: string } };

/** Polls `check` until it holds, at most `ms`; answers how long that took. */
async function within(ms: number, what: string, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  // A request that fails on its way (a connection closed under load) is one more poll, not the answer.
  const holds = () => check().catch(() => false);
  while (!(await holds())) {
    if (Date.now() - started > ms) throw new Error(`${what} did not happen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

/** The first screen of `/` as a visitor's first response carries it, no script run. */
async function prerenderedHeading(site: RunningSite): Promise<string> {
  const html = await (await fetch(`${site.url}/`, { headers: { accept: 'text/html' } })).text();
  const heading = /<div class="prerendered-page" data-prerendered-path="\/">.*?<h1 id="landing-title"[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? '';
  return heading.replace(/<[^>]+>/g, '');
}

// A site of its own: what this file publishes must not change the pages the other files look at.
describe('marketing content published with pnpm ops, without a release (issue 33)', () => {
  let site: RunningSite;
  let browser: Browser;
  let scratch: string;

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
    scratch = mkdtempSync(path.join(os.tmpdir(), 'earnly-content-'));
  });
  afterAll(async () => {
    await browser?.close();
    if (site) await stopSite(site);
    rmSync(scratch, { recursive: true, force: true });
  });

  it('shows a changed FAQ answer on /faq and a new headline in the prerendered / within 5 seconds', async () => {
    const faq = JSON.parse(readFileSync(path.join(contentDir, 'faq.json'), 'utf8')) as Faq;
    const landing = JSON.parse(readFileSync(path.join(contentDir, 'landing.json'), 'utf8')) as Landing;
    const question = faq.questions[1]!.question;
    const answer = `No upper limit: published by an operator at ${Date.now()}.`;
    faq.questions[1]!.answer = answer;
    landing.hero.titleAfter = 'to test apps, published today';
    const headline = `${landing.hero.titleBefore} ${landing.hero.highlight} ${landing.hero.titleAfter}`;
    writeFileSync(path.join(scratch, 'faq.json'), JSON.stringify(faq, null, 2));
    writeFileSync(path.join(scratch, 'landing.json'), JSON.stringify(landing, null, 2));
    expect(await prerenderedHeading(site)).not.toBe(headline);

    expect(runOps(['content:publish', path.join(scratch, 'faq.json'), '--reason', 'clearer earnings answer'], site.dataDir)).toMatch(/^Published faq\.json as version \d+/);
    const faqShown = Date.now();
    expect(runOps(['content:publish', path.join(scratch, 'landing.json'), '--reason', 'new headline'], site.dataDir)).toMatch(/^Published landing\.json as version \d+/);
    const landingShown = Date.now();

    // The prerendered / of a visitor, no JavaScript: the new headline.
    await within(WITHIN_MS - (Date.now() - landingShown), 'the new headline in the HTML of /', async () => (await prerenderedHeading(site)) === headline);

    // /faq in a browser: the new answer.
    const { context, page, errors } = await openPage(browser, PHONE, site.url);
    await within(WITHIN_MS - (Date.now() - faqShown), 'the new answer on /faq', async () => {
      await page.goto('/faq');
      await page.getByRole('button', { name: question }).click();
      return (await page.getByRole('region', { name: question }).textContent())?.includes(answer) ?? false;
    });

    // / once React has taken over keeps the new headline (the page reads the published landing too).
    await page.goto('/');
    await untilPrerenderReplaced(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(headline);
    expect(errors).toEqual([]);
    await context.close();

    // Without JavaScript at all, the first screen is there.
    const noScript = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
    const staticPage = await noScript.newPage();
    await staticPage.goto('/');
    expect(await staticPage.getByRole('heading', { level: 1 }).textContent()).toBe(headline);
    await noScript.close();
  });

  it('refuses a broken file with its line and column, and restores the repository headline', async () => {
    const broken = path.join(scratch, 'landing.json');
    writeFileSync(broken, '{\n  "hero": {\n    "titleBefore": "Get",\n  }\n}\n');
    expect(() => runOps(['content:publish', broken, '--reason', 'typo'], site.dataDir)).toThrow(/landing\.json:4:3 not valid JSON \(PropertyNameExpected\)/);

    const versions = runOps(['content:versions', 'landing.json'], site.dataDir);
    const repositoryVersion = /^(\d+)\s+landing\.json\s+\S+Z\s+repository\s+repository/m.exec(versions)?.[1];
    expect(repositoryVersion).toBeDefined();
    expect(runOps(['content:restore', repositoryVersion!, '--reason', 'back to the release headline'], site.dataDir)).toMatch(/^Restored version \d+ of landing\.json/);
    const repository = JSON.parse(readFileSync(path.join(contentDir, 'landing.json'), 'utf8')) as Landing;
    const released = `${repository.hero.titleBefore} ${repository.hero.highlight} ${repository.hero.titleAfter}`;
    await within(WITHIN_MS, 'the release headline back in the HTML of /', async () => (await prerenderedHeading(site)) === released);
  });
});
