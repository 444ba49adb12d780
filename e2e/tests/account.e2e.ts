import type { Locator, Page } from 'playwright-core';
import { DESKTOP, useBrowser, openPage, siteUrl } from '../src/browser';
import { logOffset, passwordResetCode } from '../src/server-log';
import { type LocalOidcProvider, startOidcProvider } from '../src/oidc-provider';
import { freePort, startSite, stopSite, type RunningSite } from '../src/site';
import { newTestUser, setAccountStatus, signUpThroughApi, useSession, type TestUser } from '../src/users';

const browser = useBrowser();

const nav = (page: Page) => page.getByRole('banner');
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true });

async function openSignIn(page: Page): Promise<Locator> {
  await nav(page).getByRole('button', { name: 'Sign in', exact: true }).click();
  const signIn = dialog(page, 'Sign in');
  await signIn.waitFor();
  return signIn;
}

async function signInThroughUi(page: Page, email: string, password: string): Promise<Locator> {
  const signIn = await openSignIn(page);
  await field(signIn, 'Email').fill(email);
  await field(signIn, 'Password').fill(password);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  return signIn;
}

/** Signed in, the nav shows the balance instead of Sign in. */
async function expectSignedInOnEarn(page: Page, balance = '$0.00') {
  await page.waitForURL((url) => url.pathname === '/Earn');
  await nav(page).getByRole('link', { name: `Balance: ${balance}` }).waitFor();
}

async function registered(): Promise<TestUser> {
  const user = newTestUser();
  await signUpThroughApi(siteUrl(), user);
  return user;
}

describe('signing up, out and in (spec §2, §4, §8)', () => {
  it('signs up through the modal, lands on /Earn signed in with $0.00, and signs out from Profile → Settings → Log out', async () => {
    const { context, page, errors } = await openPage(browser());
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
    await signUp.waitFor({ state: 'detached' });

    await nav(page).getByRole('link', { name: 'Test', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/Profile');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await page.getByRole('main').getByText(user.email).waitFor();
    await page.getByRole('button', { name: 'Settings' }).click();
    await dialog(page, 'Settings').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await nav(page).getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Start earning now' }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says "Email or password is incorrect" for a wrong password, then signs in to /Earn', async () => {
    const user = await registered();
    const { context, page, errors } = await openPage(browser());
    await page.goto('/');
    const signIn = await signInThroughUi(page, user.email, 'not-the-password');
    await signIn.getByRole('alert').filter({ hasText: 'Email or password is incorrect' }).waitFor();

    await field(signIn, 'Password').fill(user.password);
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectSignedInOnEarn(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the sign-in modal over the landing at /signin, and sign-up at /signup', async () => {
    const { context, page } = await openPage(browser());
    await page.goto('/signin');
    await page.getByRole('heading', { level: 1, name: 'Get paid to play games, test apps and answer surveys' }).waitFor();
    await dialog(page, 'Sign in').waitFor();
    await page.goto('/signup');
    await dialog(page, 'Sign up').waitFor();
    await context.close();
  });
});

describe('forgot password (spec §4, §8)', () => {
  it('resets the password with the code the server sent, then signs in with the new password', async () => {
    const user = await registered();
    const newPassword = 'N3w-password-after-reset';
    const { context, page, errors } = await openPage(browser());
    await page.goto('/');
    await openSignIn(page);
    // One dialog, whose heading follows the step.
    const modal = page.getByRole('dialog');
    await modal.getByRole('button', { name: 'Forgot your password?' }).click();
    await dialog(page, 'Forgot Password').waitFor();

    const offset = logOffset();
    await field(modal, 'Email').fill(user.email);
    await modal.getByRole('button', { name: 'Send Code' }).click();
    await modal.getByText('OTP code sent to your email successfully!').waitFor();
    const code = await passwordResetCode(user.email, { offset });

    await dialog(page, 'Verify OTP Code').waitFor();
    await field(modal, 'Verification code').fill(code);
    await modal.getByRole('button', { name: 'Verify', exact: true }).click();

    await dialog(page, 'Reset Password').waitFor();
    await field(modal, 'New password').fill(newPassword);
    await field(modal, 'Confirm new password').fill(newPassword);
    await modal.getByRole('button', { name: 'Reset Password' }).click();
    await modal.getByText('Password reset successfully! You can now sign in with your new password.').waitFor();

    await dialog(page, 'Sign in').waitFor();
    expect(await field(modal, 'Email').inputValue()).toBe('');
    await field(modal, 'Email').fill(user.email);
    await field(modal, 'Password').fill(newPassword);
    await modal.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectSignedInOnEarn(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('redirects (spec §2, §6)', () => {
  it.each(['/', '/ref/ABC'])('sends a signed-in visitor of %s to /Earn', async (path) => {
    const user = await signUpThroughApi(siteUrl());
    const { context, page } = await openPage(browser());
    await useSession(context, siteUrl(), user);
    await page.goto(path);
    await expectSignedInOnEarn(page);
    await context.close();
  });
});

describe('Google sign-in (spec §2, §7)', () => {
  it('without Google configured lands on / with "Google login failed, please try again", the parameter removed', async () => {
    const { context, page, errors } = await openPage(browser());
    await page.goto('/');
    const signIn = await openSignIn(page);
    await signIn.getByRole('link', { name: 'Sign in with Google' }).click();
    await page.getByRole('alert').filter({ hasText: 'Google login failed, please try again' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/' && !url.searchParams.has('error'));
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('Google sign-in against a local OpenID provider (issue 3)', () => {
  const client = { id: 'earnly-e2e', secret: 'e2e-only-secret' };
  let provider: LocalOidcProvider | undefined;
  let site: RunningSite | undefined;

  beforeAll(async () => {
    // The provider must know the site's callback, and the site the provider's issuer: fix the port first.
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    provider = await startOidcProvider({ ...client, redirectUri: `${origin}/api/auth/google/callback` });
    site = await startSite(
      { GOOGLE_ISSUER: provider.issuer, GOOGLE_CLIENT_ID: client.id, GOOGLE_CLIENT_SECRET: client.secret, PUBLIC_URL: origin },
      port,
    );
  });
  afterAll(async () => {
    if (site) await stopSite(site);
    provider?.stop();
  });

  it('signs in with Google from the sign-in modal: PKCE flow, a new account, lands on /Earn signed in', async () => {
    const account = { sub: `google-${Date.now()}`, email: `g${Date.now()}@example.com`, email_verified: true, name: 'Grace Hopper' };
    await provider!.signsInNext(account);
    const context = await browser().newContext({ viewport: DESKTOP, baseURL: site!.url });
    const page = await context.newPage();
    await page.goto('/');
    const signIn = await openSignIn(page);
    await signIn.getByRole('link', { name: 'Sign in with Google' }).click();
    await expectSignedInOnEarn(page);
    // The profile is the provider's account: the nav greets its first name.
    await nav(page).getByText('Grace', { exact: true }).waitFor();
    const profile = await page.evaluate(async () => {
      const response = await fetch('/api/user/Profile', { method: 'POST', credentials: 'include' });
      return ((await response.json()) as { data: { email: string; name: string } }).data;
    });
    expect(profile).toMatchObject({ email: account.email, name: account.name });
    await context.close();
  });
});

describe('a blocked account (spec §8)', () => {
  // PGlite lets one process open a database folder: this test runs a site of its own, stops it to block
  // the user with the operators' command line, and starts it again on the same data.
  let site: RunningSite | undefined;
  afterAll(async () => {
    if (site) await stopSite(site);
  });

  it('sees "Your account has been blocked." on sign-in and ends on / after OK', async () => {
    site = await startSite();
    const user = await signUpThroughApi(site.url);
    await stopSite(site);
    setAccountStatus(user.email, 'blocked', site.dataDir);
    site = await startSite({ DATA_DIR: site.dataDir });

    const context = await browser().newContext({ viewport: DESKTOP, baseURL: site.url });
    const page = await context.newPage();
    await page.goto('/signin');
    const signIn = dialog(page, 'Sign in');
    await field(signIn, 'Email').fill(user.email);
    await field(signIn, 'Password').fill(user.password);
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();

    const alert = page.getByRole('alertdialog', { name: 'Your account has been blocked.' });
    await alert.getByText('If you dont know the reason, please contact support.').waitFor();
    await signIn.waitFor({ state: 'detached' });
    await alert.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await nav(page).getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await context.close();
  });
});
