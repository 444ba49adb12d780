import type { Locator, Page } from 'playwright-core';
import { DESKTOP, openPage, PHONE, siteUrl, useBrowser } from '../src/browser';
import { emailVerificationCode, logOffset } from '../src/server-log';
import { newTestUser, signInThroughApi, type SignedInUser, signUpThroughApi, useSession } from '../src/users';

const browser = useBrowser();

const nav = (page: Page) => page.getByRole('banner');
const banner = (page: Page) => page.getByRole('region', { name: 'Verify your email' });
const codeField = (scope: Locator) => scope.getByRole('textbox', { name: 'Verification code' });

async function profileStatus(user: SignedInUser): Promise<number> {
  const response = await fetch(`${siteUrl()}/api/user/Profile`, { method: 'POST', headers: { Authorization: `Bearer ${user.token}` } });
  return response.status;
}

describe('account security: verified email and where you are signed in', () => {
  it('signs up through the modal, reads the code from the server log and verifies from the banner, which then goes for good', async () => {
    const { context, page, errors } = await openPage(browser());
    const user = newTestUser();
    const offset = logOffset();
    await page.goto('/');
    await nav(page).getByRole('button', { name: 'Sign up', exact: true }).click();
    const signUp = page.getByRole('dialog', { name: 'Sign up' });
    await signUp.getByLabel('Name', { exact: true }).fill(user.name);
    await signUp.getByLabel('Email', { exact: true }).fill(user.email);
    await signUp.getByLabel('Password', { exact: true }).fill(user.password);
    await signUp.getByLabel('Confirm password', { exact: true }).fill(user.password);
    await signUp.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/Earn');

    const region = banner(page);
    await region.waitFor();
    expect(await region.textContent()).toContain(user.email);
    const code = await emailVerificationCode(user.email, { offset });

    // A wrong code is read out and the banner stays.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await codeField(region).fill(wrong);
    await region.getByRole('button', { name: 'Verify', exact: true }).click();
    await region.getByRole('alert').filter({ hasText: 'Invalid or expired code.' }).waitFor();

    await codeField(region).fill(code);
    await region.getByRole('button', { name: 'Verify', exact: true }).click();
    await region.waitFor({ state: 'detached' });

    // Verified on the server: another page, and a reload, show no banner.
    await page.goto('/Profile');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    expect(await banner(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('"Resend code" within the minute after sign-up reads out the wait the server asks for (phone width)', async () => {
    const user = await signUpThroughApi(siteUrl());
    await emailVerificationCode(user.email);
    const { context, page, errors } = await openPage(browser(), PHONE);
    await useSession(context, siteUrl(), user);
    await page.goto('/Earn');
    const region = banner(page);
    await region.waitFor();
    // Within the minute after sign-up the server asks to wait.
    await region.getByRole('button', { name: 'Resend code' }).click();
    await region.getByRole('alert').filter({ hasText: 'Please wait a minute before asking for another code.' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('does not load the banner for a visitor on "/"', async () => {
    const { context, page, errors } = await openPage(browser());
    const fromAccount: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/remotes/mf-account/')) fromAccount.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(fromAccount.filter((path) => path.includes('verify_email_banner'))).toEqual([]);
    expect(await banner(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists the sessions in Settings and signs another one out: that browser is signed out at its next call', async () => {
    const user = await signUpThroughApi(siteUrl());
    const elsewhere = await signInThroughApi(siteUrl(), user);
    expect(await profileStatus(elsewhere)).toBe(200);

    const { context, page, errors } = await openPage(browser(), DESKTOP);
    await useSession(context, siteUrl(), user);
    await page.goto('/Profile');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await page.getByRole('button', { name: 'Settings' }).click();
    const section = page.getByRole('dialog', { name: 'Settings' }).getByRole('region', { name: "Where you're signed in" });
    const rows = section.getByRole('listitem');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.first().textContent()).toContain('This device');
    await rows.nth(1).getByRole('button', { name: 'Sign out', exact: true }).click();
    await section.getByRole('status').filter({ hasText: /^Signed out / }).waitFor();
    expect(await rows.count()).toBe(1);
    expect(await profileStatus(elsewhere)).toBe(401);
    expect(await profileStatus(user)).toBe(200);

    // "Sign out everywhere else" for a third browser.
    const third = await signInThroughApi(siteUrl(), user);
    await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Settings' }).click();
    await section.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await section.getByRole('status').filter({ hasText: 'Signed out everywhere else.' }).waitFor();
    expect(await profileStatus(third)).toBe(401);
    expect(await profileStatus(user)).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });
});
