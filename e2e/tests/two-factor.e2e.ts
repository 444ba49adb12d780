import { readFile } from 'node:fs/promises';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { DESKTOP, openPage, siteUrl, useBrowser } from '../src/browser';
import { type LocalOidcProvider, startOidcProvider } from '../src/oidc-provider';
import { creditThroughDemoPostback } from '../src/postbacks';
import { cashoutCode, logOffset } from '../src/server-log';
import { profileOf } from '../src/session-api';
import { freePort, startSite, stopSite, type RunningSite } from '../src/site';
import { nextTotpCode, totpCode, totpStepAt } from '../src/totp';
import { totpOnThroughApi } from '../src/two-factor-api';
import { newTestUser, signUpThroughApi, useSession, verifyEmailThroughApi, type SignedInUser, type TestUser } from '../src/users';

const browser = useBrowser();

const nav = (page: Page) => page.getByRole('banner');
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true });
const settingsDialog = (page: Page) => dialog(page, 'Settings');
const twoFactorSection = (page: Page) => settingsDialog(page).getByRole('region', { name: 'Two-factor authentication' });

const TOTP_INSTRUCTION = 'Enter the 6-digit code from your authenticator app';
const STEP_UP_INSTRUCTION = 'Enter the code we sent to confirm this cashout.';

async function openSettings(page: Page): Promise<Locator> {
  await page.goto('/Profile');
  await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
  await page.getByRole('button', { name: 'Settings' }).click();
  await settingsDialog(page).waitFor();
  return settingsDialog(page);
}

async function signOut(page: Page): Promise<void> {
  const settings = await openSettings(page);
  await settings.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await nav(page).getByRole('button', { name: 'Sign in', exact: true }).waitFor();
}

/** Email and password in the sign-in modal; answers the modal, whose heading follows its step. */
async function submitPassword(page: Page, user: TestUser): Promise<Locator> {
  await nav(page).getByRole('button', { name: 'Sign in', exact: true }).click();
  const signIn = dialog(page, 'Sign in');
  await field(signIn, 'Email').fill(user.email);
  await field(signIn, 'Password').fill(user.password);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  return page.getByRole('dialog');
}

/** The sign-in modal at its second step, asking for a code from the authenticator app. */
async function secondStep(page: Page): Promise<Locator> {
  const step = dialog(page, 'Two-factor authentication');
  await step.getByText(TOTP_INSTRUCTION, { exact: true }).waitFor();
  return step;
}

async function expectSignedInOnEarn(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/Earn');
  await nav(page).getByRole('link', { name: /^Balance: / }).waitFor();
}

/** The session token the API set in a browser (sign-up, sign-in), to call the API as that browser's user. */
async function sessionOf(context: BrowserContext, user: TestUser): Promise<SignedInUser> {
  const cookie = (await context.cookies(siteUrl())).find((candidate) => candidate.name === 'auth_token');
  if (!cookie) throw new Error('the browser holds no session');
  return { ...user, token: decodeURIComponent(cookie.value) };
}

describe('two-factor sign-in with an authenticator app (issue 31)', () => {
  it('sets the app up in Settings, saves the recovery codes, then signs in with the password and a code of the next step', async () => {
    const { context, page, errors } = await openPage(browser());
    const user = newTestUser();
    await useSession(context, siteUrl(), await signUpThroughApi(siteUrl(), user));

    await openSettings(page);
    const section = twoFactorSection(page);
    await section.getByText('Off', { exact: true }).waitFor();
    await section.getByRole('button', { name: 'Authenticator app' }).click();
    await section.getByRole('img', { name: 'QR code to scan with your authenticator app', exact: true }).waitFor();
    // The key as text, in groups of four, for those who type it into the app.
    const key = section.locator('code').first();
    await key.waitFor();
    const secret = (await key.innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // A wrong code is refused and the step stays.
    const enabledAt = totpStepAt();
    const code = totpCode(secret, enabledAt);
    await field(section, 'Code from the app').fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    await section.getByRole('button', { name: 'Turn on' }).click();
    await section.getByRole('alert').filter({ hasText: 'Invalid code.' }).waitFor();
    await field(section, 'Code from the app').fill(code);
    await section.getByRole('button', { name: 'Turn on' }).click();

    const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const recoveryCodes = (await codes.allInnerTexts()).map((text) => text.trim());
    expect(new Set(recoveryCodes).size).toBe(10);

    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('earnly-recovery-codes.txt');
    const saved = await readFile(await download.path(), 'utf8');
    expect(saved).toContain(user.email);
    for (const recoveryCode of recoveryCodes) expect(saved).toContain(recoveryCode);

    const done = section.getByRole('button', { name: 'Done' });
    expect(await done.isDisabled()).toBe(true);
    await section.getByLabel('I have saved my recovery codes somewhere safe').check();
    await done.click();
    await section.getByText('On', { exact: true }).waitFor();
    await section.getByRole('status').filter({ hasText: 'Two-factor authentication is on' }).waitFor();
    await section.getByRole('button', { name: 'Turn off' }).waitFor();
    await settingsDialog(page).getByRole('button', { name: 'Close' }).click();

    await signOut(page);
    await submitPassword(page, user);
    const step = await secondStep(page);
    // No session until the second step is passed.
    expect((await context.cookies(siteUrl())).some((cookie) => cookie.name === 'auth_token')).toBe(false);
    // The code that turned the app on was used: it is refused while it would still be within the tolerance.
    if (totpStepAt() <= enabledAt + 1) {
      await field(step, 'Verification code').fill(code);
      await step.getByRole('button', { name: 'Verify', exact: true }).click();
      await step.getByRole('alert').filter({ hasText: 'Invalid code.' }).waitFor();
    }
    const next = await nextTotpCode(secret, enabledAt);
    await field(step, 'Verification code').fill(next.code);
    await step.getByRole('button', { name: 'Verify', exact: true }).click();
    await expectSignedInOnEarn(page);
    await step.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs in once with a recovery code, which is refused ("Invalid code.") the second time', async () => {
    const user = await signUpThroughApi(siteUrl());
    const { recoveryCodes } = await totpOnThroughApi(siteUrl(), user);
    const recoveryCode = recoveryCodes[3]!;
    const { context, page, errors } = await openPage(browser());
    await page.goto('/');

    const useRecoveryCode = async (): Promise<Locator> => {
      const step = await secondStep(page);
      await step.getByRole('button', { name: 'Use a recovery code' }).click();
      await field(step, 'Recovery code').fill(recoveryCode);
      await step.getByRole('button', { name: 'Verify', exact: true }).click();
      return step;
    };

    await submitPassword(page, user);
    await useRecoveryCode();
    await expectSignedInOnEarn(page);
    await signOut(page);

    await submitPassword(page, user);
    const step = await useRecoveryCode();
    await step.getByRole('alert').filter({ hasText: 'Invalid code.' }).waitFor();
    // The field is emptied for another try, and nothing signed the browser in.
    expect(await field(step, 'Recovery code').inputValue()).toBe('');
    expect(page.url()).toBe(`${siteUrl()}/`);
    expect((await context.cookies(siteUrl())).some((cookie) => cookie.name === 'auth_token')).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the code before a risky cashout (issue 31)', () => {
  const cashOutWithPayPal = async (page: Page, account: string, amount: string): Promise<Locator> => {
    await page.goto('/Cashout');
    await page.getByRole('heading', { level: 1, name: 'Cashout' }).waitFor();
    await nav(page).getByRole('link', { name: 'Balance: $2.00', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Cash out with PayPal', exact: true }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('heading', { name: 'Cash out with PayPal' }).waitFor();
    await field(modal, 'PayPal Email').fill(account);
    await field(modal, 'Amount (USD)').fill(amount);
    await modal.getByRole('button', { name: 'Cashout Now', exact: true }).click();
    return modal;
  };

  /** Answers of `POST /api/Cashout/Store` as the page gets them. */
  const cashoutAnswers = (page: Page): number[] => {
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/Cashout/Store') statuses.push(response.status());
    });
    return statuses;
  };

  it('asks a browser new to the account for the emailed code before paying a new destination, then books it', async () => {
    const user = await signUpThroughApi(siteUrl());
    await verifyEmailThroughApi(siteUrl(), user);
    await creditThroughDemoPostback(siteUrl(), { userId: (await profileOf(siteUrl(), user)).id, payout: '2.00' });

    // Another browser, which never signed in to this account: no device_id cookie.
    const { context, page, errors } = await openPage(browser());
    const answers = cashoutAnswers(page);
    await page.goto('/');
    await submitPassword(page, user);
    await expectSignedInOnEarn(page);

    const offset = logOffset();
    const destination = `paypal-${user.email}`;
    const modal = await cashOutWithPayPal(page, destination, '1.00');
    const codeField = field(modal, 'Verification code');
    await codeField.waitFor();
    await modal.getByText(STEP_UP_INSTRUCTION, { exact: true }).waitFor();
    await modal.getByText(`$1.00 to ${destination}`).waitFor();
    expect(answers).toEqual([403]);
    // Nothing was booked yet.
    expect((await profileOf(siteUrl(), user)).wallet).toBe('2.00');

    await codeField.fill(await cashoutCode(user.email, { offset }));
    await modal.getByRole('button', { name: 'Confirm cashout' }).click();
    await modal.getByRole('heading', { name: 'Cashout requested' }).waitFor();
    expect(answers).toEqual([403, 200]);
    expect((await profileOf(siteUrl(), user)).wallet).toBe('1.00');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks nothing in the browser the account signed up in (known device, $50 or less), signed in again', async () => {
    const { context, page, errors } = await openPage(browser());
    const answers = cashoutAnswers(page);
    const user = newTestUser();
    await page.goto('/');
    await nav(page).getByRole('button', { name: 'Sign up', exact: true }).click();
    const signUp = dialog(page, 'Sign up');
    await field(signUp, 'Name').fill(user.name);
    await field(signUp, 'Email').fill(user.email);
    await field(signUp, 'Password').fill(user.password);
    await field(signUp, 'Confirm password').fill(user.password);
    await signUp.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expectSignedInOnEarn(page);
    const signedUp = await sessionOf(context, user);
    await verifyEmailThroughApi(siteUrl(), signedUp);
    await creditThroughDemoPostback(siteUrl(), { userId: (await profileOf(siteUrl(), signedUp)).id, payout: '2.00' });

    // A new session in the same browser: its device_id cookie is one the account knows.
    await signOut(page);
    await submitPassword(page, user);
    await expectSignedInOnEarn(page);

    const modal = await cashOutWithPayPal(page, `paypal-${user.email}`, '1.00');
    await modal.getByRole('heading', { name: 'Cashout requested' }).waitFor();
    expect(answers).toEqual([200]);
    expect(await field(modal, 'Verification code').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('Google sign-in with two-factor on (issue 31)', () => {
  const client = { id: 'earnly-e2e', secret: 'e2e-only-secret' };
  let provider: LocalOidcProvider | undefined;
  let site: RunningSite | undefined;

  beforeAll(async () => {
    // The provider must know the site's callback, and the site the provider's issuer: fix the port first.
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    provider = await startOidcProvider({ ...client, redirectUri: `${origin}/api/auth/google/callback` });
    site = await startSite({ GOOGLE_ISSUER: provider.issuer, GOOGLE_CLIENT_ID: client.id, GOOGLE_CLIENT_SECRET: client.secret, PUBLIC_URL: origin }, port);
  });
  afterAll(async () => {
    if (site) await stopSite(site);
    provider?.stop();
  });

  it('asks for the second step after Google, from an address whose fragment is removed, then signs in', async () => {
    const id = Date.now();
    const account = { sub: `google-${id}`, email: `g2fa-${id}@example.com`, email_verified: true, name: 'Ada Lovelace' };
    const { context, page, errors } = await openPage(browser(), DESKTOP, site!.url);
    const signInWithGoogle = async () => {
      await provider!.signsInNext(account);
      await nav(page).getByRole('button', { name: 'Sign in', exact: true }).click();
      await dialog(page, 'Sign in').getByRole('link', { name: 'Sign in with Google' }).click();
    };

    await page.goto('/');
    await signInWithGoogle();
    await expectSignedInOnEarn(page);
    const token = (await context.cookies(site!.url)).find((cookie) => cookie.name === 'auth_token')!.value;
    const { secret, usedStep } = await totpOnThroughApi(site!.url, { token: decodeURIComponent(token) });
    await signOut(page);

    const fragments: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) fragments.push(new URL(frame.url()).hash);
    });
    await signInWithGoogle();
    const step = await secondStep(page);
    // Google's callback sent the browser to /#two-factor=…; the page took the challenge out of the address.
    expect(fragments.some((hash) => hash.startsWith('#two-factor='))).toBe(true);
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '');
    expect(await page.evaluate(() => window.location.hash)).toBe('');
    expect((await context.cookies(site!.url)).some((cookie) => cookie.name === 'auth_token')).toBe(false);

    const next = await nextTotpCode(secret, usedStep);
    await field(step, 'Verification code').fill(next.code);
    await step.getByRole('button', { name: 'Verify', exact: true }).click();
    await expectSignedInOnEarn(page);
    await nav(page).getByText('Ada', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
