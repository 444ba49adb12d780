import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, openPage, siteLogFile, siteUrl, type Viewport } from './browser';
import { emailVerificationCode } from './server-log';
import { runOps } from './ops';

export type TestUser = { name: string; email: string; password: string };
export type SignedInUser = TestUser & { token: string };

export function newTestUser(): TestUser {
  const id = randomUUID().slice(0, 8);
  return { name: `Test User ${id}`, email: `user-${id}@example.com`, password: `Passw0rd-${id}` };
}

function authTokenFrom(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('auth_token='));
  if (!cookie) throw new Error('The API set no auth_token cookie');
  return decodeURIComponent(cookie.split(';')[0]!.slice('auth_token='.length));
}

/** Registers a new user through the real API and returns their session token. */
export async function signUpThroughApi(baseUrl: string, user: TestUser = newTestUser()): Promise<SignedInUser> {
  const response = await fetch(`${baseUrl}/api/user/Register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...user, password_confirmation: user.password }),
  });
  if (!response.ok) throw new Error(`Register answered ${response.status}: ${await response.text()}`);
  return { ...user, token: authTokenFrom(response) };
}

/**
 * Verifies a signed-up user's email as the banner does, with the code the server logged at sign-up (read from
 * `logFile`, the site's log). A first cashout needs it.
 */
export async function verifyEmailThroughApi(baseUrl: string, user: SignedInUser, logFile: string = siteLogFile()): Promise<void> {
  const code = await emailVerificationCode(user.email, { file: logFile });
  const response = await fetch(`${baseUrl}/api/user/verify-email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.token}` },
    body: JSON.stringify({ code }),
  });
  if (!response.ok) throw new Error(`verify-email answered ${response.status}: ${await response.text()}`);
}

/** Signs an existing user in through the real API. */
export async function signInThroughApi(baseUrl: string, user: TestUser): Promise<SignedInUser> {
  const response = await fetch(`${baseUrl}/api/user/Login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (!response.ok) throw new Error(`Login answered ${response.status}: ${await response.text()}`);
  return { ...user, token: authTokenFrom(response) };
}

/** Puts a session into a browser context, as if the user had signed in in that browser. */
export async function useSession(context: BrowserContext, baseUrl: string, user: SignedInUser): Promise<void> {
  await context.addCookies([{ name: 'auth_token', value: user.token, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
}

export type AccountStatus = 'active' | 'blocked' | 'pending';

/**
 * Sets an account's status with the operators' command line (`ops users:status`) on the database in `dataDir`
 * (through the site's operator API when a site runs on it).
 */
export function setAccountStatus(email: string, status: AccountStatus, dataDir: string): void {
  runOps(['users:status', email, status, '--reason', 'end-to-end test'], dataDir);
}

/** A fresh browser context and page signed in as `user` (see openPage), collecting page errors. */
export async function openSignedInPage(
  browser: Browser,
  user: SignedInUser,
  viewport: Viewport = DESKTOP,
  baseUrl: string = siteUrl(),
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await openPage(browser, viewport, baseUrl);
  await useSession(opened.context, baseUrl, user);
  return opened;
}

/** Marks the page's document, so that a test can tell later that what it saw changed without a reload. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { sameDocument?: boolean }).sameDocument = true;
  });
}

/** Whether the page still shows the document markDocument marked (no reload, no navigation away). */
export function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
}
