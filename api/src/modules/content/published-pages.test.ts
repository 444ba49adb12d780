import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { contentHash } from '@rewards/shared/content/content-hash';
import type { BuildContent } from '@rewards/shared/content/published-content';
import { findRepoRoot } from '../../repo-root';
import { buildTestApp } from '../../test/build-test-app';
import { runOpsCapturing } from '../../test/ops-test-kit';
import { createSiteFixture, type SiteFixture } from '../../test/site-fixture';
import { useTestDatabase } from '../../test/test-database';
import { repositoryContentDir } from './repository-files';
import { newStaffMember, setSecondFactorAge } from '../../test/admin-kit';
import { signUp } from '../../test/accounts';
import { CONTENT_FILE_NAMES, listVersions, saveDraft } from './service';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const contentDir = repositoryContentDir(findRepoRoot());

const SHELL =
  '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div><script defer src="/main.0123456789.js"></script></body></html>';
const BUILD_HERO = '<section aria-labelledby="landing-title"><h1 id="landing-title" class="t1">Get paid to play games</h1></section>';
const BUILD_HERO_DE = '<section aria-labelledby="landing-title"><h1 id="landing-title" class="t1">Werde fürs Spielen bezahlt</h1></section>';
// What mf-marketing's prerender bundle answers, made small: each language's published landing headline in the
// same markup, from a promise as the real bundle answers.
const RENDER_BUNDLE = `
exports.renderPrerenderedPages = async (published) => {
  const pages = [['index', 'landing.json'], ['index.de', 'de/landing.json']]
    .filter(([, name]) => published[name])
    .map(([file, name]) => ({ file, html: '<section aria-labelledby="landing-title"><h1 id="landing-title" class="t1">' + published[name].hero.titleAfter + '</h1></section>' }));
  if (pages.length === 0) throw new Error('rendered without a published landing');
  return pages;
};
`;

type Landing = { hero: { titleAfter: string } };
type Faq = { questions: Array<{ answer: string }> };

const mountPointOf = (html: string) => /<div id="root">(.*?)<\/div><\/div>/s.exec(html)?.[1] ?? null;
/** The published content the page carries, parsed as the page parses it; null without the element. */
function publishedIn(html: string): Record<string, unknown> | null {
  const element = /<script type="application\/json" id="published-content">(.*?)<\/script>/s.exec(html);
  return element ? (JSON.parse(element[1]!) as Record<string, unknown>) : null;
}

describe(`pages of a marketing build with content published after it, on ${kind}`, () => {
  const database = useTestDatabase();
  let site: SiteFixture;
  let app: FastifyInstance;
  let scratch: string;
  const repository: Record<string, string> = {};

  beforeAll(async () => {
    for (const file of CONTENT_FILE_NAMES) repository[file] = await readFile(join(contentDir, file), 'utf8');
    site = await createSiteFixture();
    scratch = await mkdtemp(join(tmpdir(), 'rewards-published-pages-'));
    await site.write('shell/dist/index.html', SHELL);
    await site.write('mf-marketing/dist/prerendered/index.html', BUILD_HERO);
    await site.write('mf-marketing/dist/prerendered/index.de.html', BUILD_HERO_DE);
    await site.write('mf-marketing/dist/prerendered/index.css', '.t1{color:red}');
    await site.write('mf-marketing/dist/prerendered/render.cjs', RENDER_BUNDLE);
    await writeBuildContent();
    app = await buildTestApp({ database: database(), serveSite: true, siteRoot: site.root });
  });
  afterAll(async () => {
    await app?.close();
    await site?.remove();
    await rm(scratch, { recursive: true, force: true });
  });

  /** The build's record of what it bundled: the repository's files, but for `changed` ones. */
  async function writeBuildContent(changed: Record<string, unknown> = {}) {
    const hashes = Object.fromEntries(CONTENT_FILE_NAMES.map((file) => [file, contentHash(changed[file] ?? JSON.parse(repository[file]!))]));
    const content: BuildContent = { hashes, pages: { index: ['landing.json'], 'index.de': ['de/landing.json'] } };
    await site.write('mf-marketing/dist/prerendered/content.json', JSON.stringify(content));
  }

  const page = async (url: string, cookie?: string) => (await app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } })).body;
  const pageIn = (acceptLanguage: string, cookie?: string) =>
    app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', 'accept-language': acceptLanguage, ...(cookie ? { cookie } : {}) } });

  async function publish(file: string, value: unknown, reason: string) {
    const path = join(scratch, file);
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, JSON.stringify(value, null, 2));
    const result = await runOpsCapturing(database(), ['content:publish', path, '--reason', reason], { invocation: { operator: 'ada', cwd: scratch } });
    expect(result).toMatchObject({ code: 0, err: '' });
  }

  const landingWith = (titleAfter: string): Landing => {
    const landing = JSON.parse(repository['landing.json']!) as Landing;
    landing.hero.titleAfter = titleAfter;
    return landing;
  };

  it('serves the build as it is while nothing newer than its content is published', async () => {
    for (const url of ['/', '/faq', '/terms']) expect(publishedIn(await page(url))).toBeNull();
    expect(mountPointOf(await page('/'))).toBe(`<div class="prerendered-page" data-prerendered-path="/">${BUILD_HERO}`);
  });

  it('puts a published FAQ into every page, signed in or not, and keeps the build’s first screen of /', async () => {
    const faq = JSON.parse(repository['faq.json']!) as Faq;
    faq.questions[2]!.answer = 'Cash out from $1 via PayPal </script><!-- still text';
    // Refused: text may not hold markup. The same answer without it is published.
    const refused = join(scratch, 'faq.json');
    await writeFile(refused, JSON.stringify(faq));
    expect((await runOpsCapturing(database(), ['content:publish', refused, '--reason', 'x'], { invocation: { operator: 'ada', cwd: scratch } })).code).toBe(1);
    faq.questions[2]!.answer = 'Cash out from $1 via PayPal, gift cards or crypto within a day.';
    await publish('faq.json', faq, 'faster payouts');

    for (const [url, cookie] of [['/faq', undefined], ['/', undefined], ['/Earn', 'auth_token=abc']] as const) {
      const html = await page(url, cookie);
      expect(publishedIn(html)).toEqual({ 'faq.json': faq });
      // In the body, outside the mount point and outside what waits for the first paint: data for the scripts.
      const outside = html.replace(/<template id="after-first-paint">.*?<\/template>/s, '').replace(/<div id="root">.*?<\/div><\/div>/s, '');
      expect(outside).toMatch(/<body>.*<script type="application\/json" id="published-content">[^<]*<\/script>.*<\/body>/s);
    }
    expect(mountPointOf(await page('/'))).toBe(`<div class="prerendered-page" data-prerendered-path="/">${BUILD_HERO}`);
  });

  it('renders the first screen of / again from a published landing, with the build’s CSS', async () => {
    await publish('landing.json', landingWith('to test apps, within seconds'), 'new headline');
    const html = await page('/');
    expect(mountPointOf(html)).toBe(
      '<div class="prerendered-page" data-prerendered-path="/"><section aria-labelledby="landing-title"><h1 id="landing-title" class="t1">to test apps, within seconds</h1></section>',
    );
    expect(html).toContain('<link rel="stylesheet" href="/remotes/mf-marketing/prerendered/index.css" />');
    expect(Object.keys(publishedIn(html)!).sort()).toEqual(['faq.json', 'landing.json']);
    // The scripts still wait for the first paint, the data does not need to.
    expect(html).toMatch(/<template id="after-first-paint">.*<script defer src="\/main\.0123456789\.js"><\/script><\/template>/);
  });

  it('shows the build’s own first screen again once its landing is restored', async () => {
    const repositoryLanding = (await listVersions(database().db, { file: 'landing.json', limit: 100 })).find((version) => version.source === 'repository')!;
    const restored = await runOpsCapturing(database(), ['content:restore', String(repositoryLanding.version), '--reason', 'old headline back'], { invocation: { operator: 'ada', cwd: scratch } });
    expect(restored.code).toBe(0);
    const html = await page('/');
    expect(mountPointOf(html)).toBe(`<div class="prerendered-page" data-prerendered-path="/">${BUILD_HERO}`);
    expect(Object.keys(publishedIn(html)!)).toEqual(['faq.json']);
  });

  it('lets a build made after the publish (its FAQ never recorded) show its own', async () => {
    const released = JSON.parse(repository['faq.json']!) as Faq;
    released.questions[0]!.answer = 'A release changed this answer in the repository.';
    await writeBuildContent({ 'faq.json': released });
    expect(publishedIn(await page('/faq'))).toBeNull();
    await writeBuildContent();
    expect(Object.keys(publishedIn(await page('/faq'))!)).toEqual(['faq.json']);
  });

  it('sends / without a first screen, never a stale one, when the build cannot render the published landing', async () => {
    await publish('landing.json', landingWith('to test apps, rendered by nobody'), 'headline while broken');
    await site.write('mf-marketing/dist/prerendered/render.cjs', 'exports.renderPrerenderedPages = () => { throw new Error("broken build"); };');
    const html = await page('/');
    expect(html).not.toContain('data-prerendered-path');
    expect(html).not.toContain(BUILD_HERO);
    expect((publishedIn(html)!['landing.json'] as Landing).hero.titleAfter).toBe('to test apps, rendered by nobody');
    // A fixed build renders it.
    await site.write('mf-marketing/dist/prerendered/render.cjs', RENDER_BUNDLE);
    expect(mountPointOf(await page('/'))).toContain('to test apps, rendered by nobody');
  });

  it('sends each visitor the first screen of / in their language (lang cookie, else Accept-Language), varying on both', async () => {
    // The English first screen as published now (an earlier test published a landing).
    const english = mountPointOf(await page('/'));
    expect(english).not.toContain(BUILD_HERO_DE);
    const german = await pageIn('de-DE,de;q=0.9,en;q=0.8');
    expect(mountPointOf(german.body)).toBe(`<div class="prerendered-page" data-prerendered-path="/">${BUILD_HERO_DE}`);
    expect(String(german.headers.vary).split(/,\s*/)).toEqual(expect.arrayContaining(['Cookie', 'Accept-Language']));
    expect(mountPointOf((await pageIn('fr', 'lang=de')).body)).toContain(BUILD_HERO_DE);
    expect(mountPointOf((await pageIn('de', 'lang=en')).body)).toBe(english);
    // No French first screen in this build (one made before the site spoke French): its English one.
    expect(mountPointOf((await pageIn('fr-FR')).body)).toBe(english);
    // Hostile or unknown choices are English.
    for (const [acceptLanguage, cookie] of [['xx', 'lang=../../etc'], ['de;q=abc, *', 'lang=en-XA'], ['a'.repeat(2000), undefined]] as const) {
      expect(mountPointOf((await pageIn(acceptLanguage, cookie)).body)).toBe(english);
    }
  });

  it('renders the German first screen again from a published de/landing.json, leaving the English one and page as they were', async () => {
    const germanLanding = JSON.parse(repository['de/landing.json']!) as Landing;
    germanLanding.hero.titleAfter = 'fürs Testen von Apps, in Sekunden';
    const englishBefore = await page('/');
    await publish('de/landing.json', germanLanding, 'neue Überschrift');
    const german = (await pageIn('de')).body;
    expect(mountPointOf(german)).toBe(
      '<div class="prerendered-page" data-prerendered-path="/"><section aria-labelledby="landing-title"><h1 id="landing-title" class="t1">fürs Testen von Apps, in Sekunden</h1></section>',
    );
    expect((publishedIn(german)!['de/landing.json'] as Landing).hero.titleAfter).toBe('fürs Testen von Apps, in Sekunden');
    // An English (or Spanish) visitor's page carries no German content and its first screen is unchanged.
    for (const other of [await page('/'), (await pageIn('es')).body]) {
      expect(publishedIn(other)?.['de/landing.json']).toBeUndefined();
      expect(mountPointOf(other)).toBe(mountPointOf(englishBefore));
    }
    const repositoryGerman = (await listVersions(database().db, { file: 'de/landing.json', limit: 100 })).find((version) => version.source === 'repository')!;
    const restored = await runOpsCapturing(database(), ['content:restore', String(repositoryGerman.version), '--reason', 'alte Überschrift'], { invocation: { operator: 'ada', cwd: scratch } });
    expect(restored.code).toBe(0);
    expect(mountPointOf((await pageIn('de')).body)).toBe(`<div class="prerendered-page" data-prerendered-path="/">${BUILD_HERO_DE}`);
  });

  describe('a draft previewed with ?preview=<draft id>', () => {
    const seen = async (url: string, cookie?: string) => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
      const { date: _date, ...headers } = response.headers;
      return { status: response.statusCode, headers, body: response.body };
    };

    it('shows a staff member the draft on its page and on the prerendered first screen of /', async () => {
      const staff = await newStaffMember(app, database(), 'support');
      const faq = JSON.parse(repository['faq.json']!) as Faq;
      faq.questions[0]!.answer = 'A draft answer nobody else sees.';
      const faqDraft = await saveDraft(database().db, { file: 'faq.json', text: JSON.stringify(faq), author: staff.email });
      const landingDraft = await saveDraft(database().db, { file: 'landing.json', text: JSON.stringify(landingWith('a drafted headline')), author: staff.email });
      const cookie = `auth_token=${staff.token}`;

      const faqPage = await seen(`/faq?preview=${faqDraft.id}`, cookie);
      expect((publishedIn(faqPage.body)!['faq.json'] as Faq).questions[0]!.answer).toBe('A draft answer nobody else sees.');
      expect(faqPage.headers['cache-control']).toBe('private, no-store');
      const landing = await page(`/?preview=${landingDraft.id}`, cookie);
      expect(mountPointOf(landing)).toContain('a drafted headline');
      expect((publishedIn(landing)!['landing.json'] as Landing).hero.titleAfter).toBe('a drafted headline');
      // Without the parameter the staff member sees what is published.
      expect(publishedIn(await page('/faq', cookie))?.['faq.json']).not.toEqual(faq);
    });

    it('ignores the parameter for visitors, users, and staff whose second factor is stale: the page is byte-identical', async () => {
      const staff = await newStaffMember(app, database(), 'admin');
      const faq = JSON.parse(repository['faq.json']!) as Faq;
      faq.questions[0]!.answer = 'Still a draft.';
      const draft = await saveDraft(database().db, { file: 'faq.json', text: JSON.stringify(faq), author: staff.email });
      const user = await signUp(app);
      await setSecondFactorAge(database(), staff.token, 13);
      for (const [url, plain] of [
        [`/faq?preview=${draft.id}`, '/faq'],
        [`/?preview=${draft.id}`, '/'],
      ]) {
        for (const cookie of [undefined, `auth_token=${user.token}`, `auth_token=${staff.token}`]) {
          expect({ url, cookie, page: await seen(url!, cookie) }).toEqual({ url, cookie, page: await seen(plain!, cookie) });
        }
      }
      // A staff member with a fresh second factor and a draft id that is not one: nothing either.
      await setSecondFactorAge(database(), staff.token, 0);
      for (const bad of ['987654', '0', '1e3', `${draft.id}&preview=${draft.id}`, '-1']) {
        expect(await seen(`/faq?preview=${bad}`, `auth_token=${staff.token}`)).toEqual(await seen('/faq', `auth_token=${staff.token}`));
      }
      expect((publishedIn((await seen(`/faq?preview=${draft.id}`, `auth_token=${staff.token}`)).body)!['faq.json'] as Faq).questions[0]!.answer).toBe('Still a draft.');
    });
  });

  it('never serves the prerender bundle to a browser', async () => {
    for (const url of ['/remotes/mf-marketing/prerendered/render.cjs', '/remotes/mf-marketing/prerendered/RENDER.CJS', '/remotes/mf-marketing/prerendered/render.cjs?x=1']) {
      expect({ url, status: (await app.inject({ method: 'GET', url })).statusCode }).toEqual({ url, status: 404 });
    }
    expect((await app.inject({ method: 'GET', url: '/remotes/mf-marketing/prerendered/index.css' })).statusCode).toBe(200);
  });
});
