import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { openPage, siteUrl, useBrowser } from '../src/browser';
import { repositoryRoot } from '../src/site';
import { isSameDocument, markDocument, newTestUser, openSignedInPage, signUpThroughApi } from '../src/users';

const browser = useBrowser();

type Json = Record<string, unknown>;
const readJson = (file: string) => JSON.parse(readFileSync(path.join(repositoryRoot, file), 'utf8')) as Json;

/** The landing's headline in `locale`, as its content file words it (English is unprefixed). */
function heroHeadline(locale: string): string {
  const landing = readJson(`mf-marketing/content/${locale === 'en' ? '' : `${locale}/`}landing.json`) as { hero: { titleBefore: string; highlight: string } };
  return `${landing.hero.titleBefore} ${landing.hero.highlight}`;
}

const message = (file: string, key: string) => readJson(file)[key] as string;

async function pageLanguage(page: Page): Promise<string | null> {
  return page.evaluate(() => document.documentElement.getAttribute('lang'));
}

async function untilLanguage(page: Page, locale: string): Promise<void> {
  await page.waitForFunction((expected) => document.documentElement.lang === expected, locale);
}

/** The footer loads as the visitor scrolls towards it, like the landing's lower sections. */
async function footerLanguageSelect(page: Page, label: string) {
  const select = page.getByRole('combobox', { name: label });
  for (let step = 0; step < 60 && (await select.count()) === 0; step += 1) {
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(250);
  }
  return select;
}

async function langCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === 'lang')?.value;
}

describe('the site in the visitor’s language', () => {
  it('serves a browser asking for German the German landing, painted from the HTML without JavaScript', async () => {
    const context = await browser().newContext({ baseURL: siteUrl(), locale: 'de-DE', javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/');
    expect(response?.headers()['vary']).toMatch(/Accept-Language/i);
    expect(await pageLanguage(page)).toBe('de');
    await page.getByRole('heading', { level: 1 }).filter({ hasText: heroHeadline('de') }).waitFor();
    expect(await page.content()).not.toContain(heroHeadline('en'));
    await context.close();
  });

  it('switches in place to the language picked in the footer, and keeps it after a reload', async () => {
    const { context, page, errors } = await openPage(browser());
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).filter({ hasText: heroHeadline('en') }).waitFor();
    const select = await footerLanguageSelect(page, message('mf-marketing/src/messages/en.json', 'footer.language.label'));
    await markDocument(page);
    await select.selectOption({ label: 'Español' });
    await untilLanguage(page, 'es');
    await page.getByRole('heading', { level: 1 }).filter({ hasText: heroHeadline('es') }).waitFor();
    expect(await isSameDocument(page)).toBe(true);
    expect(await langCookie(context)).toBe('es');

    await page.reload();
    expect(await pageLanguage(page)).toBe('es');
    await page.getByRole('heading', { level: 1 }).filter({ hasText: heroHeadline('es') }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows a signed-in user’s choice to another browser', async () => {
    const user = await signUpThroughApi(siteUrl(), newTestUser());
    const first = await openSignedInPage(browser(), user);
    await first.page.goto('/Earn');
    await first.page.getByRole('heading', { level: 1, name: message('mf-earn/src/messages/en.json', 'earn.title') }).waitFor();
    const select = await footerLanguageSelect(first.page, message('mf-marketing/src/messages/en.json', 'footer.language.label'));
    const saved = first.page.waitForResponse((response) => response.url().endsWith('/api/user/language') && response.request().method() === 'PUT');
    await select.selectOption({ label: 'Deutsch' });
    expect((await saved).status()).toBe(200);
    await untilLanguage(first.page, 'de');
    await first.context.close();

    // Another browser: no lang cookie, an English Accept-Language; the account's choice wins once signed in.
    const second = await openSignedInPage(browser(), user);
    await second.page.goto('/Earn');
    await untilLanguage(second.page, 'de');
    await second.page.getByRole('heading', { level: 1, name: message('mf-earn/src/messages/de.json', 'earn.title') }).waitFor();
    expect(await langCookie(second.context)).toBe('de');
    await second.context.close();
  });

  it('says a wrong sign-in in German', async () => {
    const user = await signUpThroughApi(siteUrl(), newTestUser());
    const context = await browser().newContext({ baseURL: siteUrl(), locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/');
    await untilLanguage(page, 'de');
    await page.getByRole('button', { name: message('shell/src/messages/de.json', 'nav.signIn') }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: message('mf-account/src/messages/de.json', 'auth.email.label') }).fill(user.email);
    await dialog.getByLabel(message('mf-account/src/messages/de.json', 'common.password'), { exact: true }).fill('not-the-password-1');
    await dialog.getByRole('button', { name: message('mf-account/src/messages/de.json', 'auth.signIn.submit'), exact: true }).click();
    const german = message('shell/src/errors/messages/de.json', 'invalid_credentials');
    await dialog.getByText(german).waitFor();
    await context.close();
  });
});
