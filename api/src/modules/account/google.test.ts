import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { AUTH_COOKIE } from '@rewards/shared/constants';
import { accountDevices, liveLeads, notifications, users } from '../../db/schema';
import { findRepoRoot } from '../../repo-root';
import { bearer, captureMailer, signUp, uniqueEmail } from '../../test/accounts';
import { buildTestApp } from '../../test/build-test-app';
import { useTestDatabase } from '../../test/test-database';
import { injectPostback, postbackFields } from '../../test/wall-test-kit';
import { leaderboard } from '../leaderboard/service';
import { DEVICE_COOKIE } from './known-devices';
import { totpClock, totpCodeAt } from '../two-factor/totp';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const SITE = 'http://app.test';
const REDIRECT_URI = `${SITE}/api/auth/google/callback`;
const CLIENT = { id: 'rewards-test-client', secret: 'rewards-test-secret' };
const FAILED = `${SITE}/?error=google_auth_failed`;

type Claims = { sub: string; email?: string; email_verified?: boolean; name?: string; picture?: string };

/** Starts the local OpenID provider of src/test/oidc-provider-fixture.mjs and answers its issuer URL. */
async function startProvider(): Promise<{ issuer: string; child: ChildProcess }> {
  const fixture = join(findRepoRoot(), 'api', 'src', 'test', 'oidc-provider-fixture.mjs');
  const child = spawn(process.execPath, [fixture], {
    env: { ...process.env, REDIRECT_URI, CLIENT_ID: CLIENT.id, CLIENT_SECRET: CLIENT.secret, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const lines = createInterface({ input: child.stdout! });
  const issuer = await new Promise<string>((resolve, reject) => {
    lines.once('line', (line) => resolve((JSON.parse(line) as { issuer: string }).issuer));
    child.once('exit', (code) => reject(new Error(`OpenID provider exited (${code}): ${errors}`)));
  });
  return { issuer, child };
}

describe(`Google sign-in against a local OpenID provider on ${kind}`, () => {
  const database = useTestDatabase();
  let provider: { issuer: string; child: ChildProcess };
  let app: FastifyInstance;
  const mailer = captureMailer();

  beforeAll(async () => {
    provider = await startProvider();
    app = await buildTestApp({
      database: database(),
      mailer,
      env: { GOOGLE_ISSUER: provider.issuer, GOOGLE_CLIENT_ID: CLIENT.id, GOOGLE_CLIENT_SECRET: CLIENT.secret, PUBLIC_URL: SITE, RATE_LIMITS: 'off' },
    });
  });
  afterAll(async () => {
    await app?.close();
    provider?.child.kill();
  });

  /** Runs the whole flow: our redirect, the provider's pages (cookies kept by hand), then our callback. */
  async function signInWithGoogle(claims: Claims, query = ''): Promise<LightMyRequestResponse> {
    await fetch(`${provider.issuer}/__next-account`, { method: 'PUT', body: JSON.stringify(claims) });
    const start = await app.inject({ method: 'GET', url: `/api/auth/google/redirect${query}` });
    expect(start.statusCode).toBe(302);
    const flowCookie = start.cookies.find((cookie) => cookie.name === 'google_oauth');
    expect(flowCookie).toMatchObject({ httpOnly: true, path: '/api/auth/google', sameSite: 'Lax' });

    const jar = new Map<string, string>();
    let url = String(start.headers.location);
    expect(url.startsWith(`${provider.issuer}/`)).toBe(true);
    const authorization = new URL(url).searchParams;
    expect(authorization.get('code_challenge_method')).toBe('S256');
    expect(authorization.get('state')).toBeTruthy();
    expect(authorization.get('redirect_uri')).toBe(REDIRECT_URI);

    for (let hop = 0; hop < 10 && !url.startsWith(REDIRECT_URI); hop++) {
      const response = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') } });
      for (const header of response.headers.getSetCookie()) {
        const pair = header.split(';')[0] ?? '';
        const name = pair.slice(0, pair.indexOf('='));
        const value = pair.slice(pair.indexOf('=') + 1);
        if (!value || /expires=Thu, 01 Jan 1970/i.test(header)) jar.delete(name);
        else jar.set(name, value);
      }
      const location = response.headers.get('location');
      if (!location) throw new Error(`the provider stopped at ${response.status}: ${await response.text()}`);
      url = new URL(location, url).href;
    }
    const callback = new URL(url);
    return app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, cookies: { google_oauth: flowCookie!.value } });
  }

  const tokenOf = (response: LightMyRequestResponse) => response.cookies.find((cookie) => cookie.name === AUTH_COOKIE)?.value;

  it('creates a user without a password for a new verified Google account, signs in and redirects to /Earn', async () => {
    const email = uniqueEmail('google-new');
    const response = await signInWithGoogle({ sub: 'google-new-1', email: email.toUpperCase(), email_verified: true, name: 'Grace Hopper' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${SITE}/Earn`);
    const token = tokenOf(response);
    expect(token).toBeTruthy();
    // The browser is known to the account from now on (see login-limit.test.ts).
    expect(response.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const profile = await app.inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(token!) });
    // Google verified the address: so is the account's email (instant cashouts need it).
    expect(profile.json().data).toMatchObject({ name: 'Grace Hopper', email, wallet: '0.00', email_verified: true });
    const [row] = await database().db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ googleSubject: 'google-new-1', passwordHash: null, emailVerifiedAt: expect.any(Date) });

    // The next sign-in with the same Google account is the same user.
    const again = await signInWithGoogle({ sub: 'google-new-1', email, email_verified: true, name: 'Grace Hopper' });
    const second = await app.inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(tokenOf(again)!) });
    expect(second.json().data.id).toBe(row!.id);
    // Made in the first browser (no news), signed in again from another: one "new sign-in" for the owner.
    const told = await database().db.select().from(notifications).where(eq(notifications.userId, row!.id));
    expect(told.map((notification) => notification.kind)).toEqual(['new_sign_in']);
  });

  const profileOf = (token: string | undefined) => app.inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(token ?? 'x'.repeat(43)) });
  const login = (email: string, password: string) => app.inject({ method: 'POST', url: '/api/user/Login', payload: { email, password } });

  it('does not hand a pre-registered account to whoever registered it: linking revokes its sessions and its password', async () => {
    // A stranger registers the owner's address first and keeps two sessions and the password.
    const squatter = await signUp(app, { name: 'Squatter' });
    const secondSession = tokenOf(await login(squatter.email, squatter.password));
    expect((await profileOf(secondSession)).statusCode).toBe(200);

    // The owner of the address signs in with Google: same account (its coins and history stay), but only theirs now.
    expect(squatter.user.email_verified).toBe(false);
    const response = await signInWithGoogle({ sub: 'google-owner-1', email: squatter.email, email_verified: true, name: 'Real Owner' });
    expect(response.headers.location).toBe(`${SITE}/Earn`);
    const ownerToken = tokenOf(response);
    expect((await profileOf(ownerToken)).json().data).toMatchObject({ id: squatter.user.id, email: squatter.email, email_verified: true });

    for (const token of [squatter.token, secondSession]) expect((await profileOf(token)).statusCode).toBe(401);
    const again = await login(squatter.email, squatter.password);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ status: 'error', code: 'invalid_credentials', message: 'Email or password is incorrect' });
    const [row] = await database().db.select().from(users).where(eq(users.id, squatter.user.id));
    expect(row).toMatchObject({ googleSubject: 'google-owner-1', passwordHash: null });
    // The squatter's browsers are strangers to the account now; the owner's Google browser is its one known device.
    const ownerDevice = app.unsignCookie(response.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)!.value).value!;
    const devices = await database().db.select().from(accountDevices).where(eq(accountDevices.userId, squatter.user.id));
    expect(devices.map((device) => device.deviceHash)).toEqual([createHash('sha256').update(ownerDevice).digest('base64url')]);
    expect((await profileOf(ownerToken)).statusCode).toBe(200);
  });

  it('lets the owner set a password again after the link, through a code sent to the email', async () => {
    const existing = await signUp(app);
    const google = tokenOf(await signInWithGoogle({ sub: 'google-link-reset', email: existing.email, email_verified: true }));
    await app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email: existing.email } });
    const otp = mailer.codeFor(existing.email);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { email: existing.email, otp, password: 'owner-password', password_confirmation: 'owner-password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(existing.email, 'owner-password')).statusCode).toBe(200);
    expect((await profileOf(google)).statusCode).toBe(401); // a reset signs out everywhere, as always
    expect(tokenOf(await signInWithGoogle({ sub: 'google-link-reset', email: existing.email, email_verified: true }))).toBeTruthy();
  });

  it('keeps the other sessions of an account already linked to this Google account', async () => {
    const email = uniqueEmail('google-twice');
    const first = tokenOf(await signInWithGoogle({ sub: 'google-twice-1', email, email_verified: true }));
    const second = tokenOf(await signInWithGoogle({ sub: 'google-twice-1', email, email_verified: true }));
    expect((await profileOf(first)).statusCode).toBe(200);
    expect((await profileOf(second)).statusCode).toBe(200);
  });

  it('refuses a second Google account for an email already linked to another, and changes nothing', async () => {
    const email = uniqueEmail('google-other');
    const first = tokenOf(await signInWithGoogle({ sub: 'google-first-owner', email, email_verified: true }));
    const response = await signInWithGoogle({ sub: 'google-second-owner', email, email_verified: true });
    expect(response.headers.location).toBe(FAILED);
    expect(tokenOf(response)).toBeFalsy();
    expect((await profileOf(first)).statusCode).toBe(200);
  });

  it('never leaves a session to a password checked while the link happened (real races on PostgreSQL)', async () => {
    const squatter = await signUp(app);
    // Sign-ins keep starting during the whole Google round trip: some check the password just before the link commits.
    let done = false;
    const linked = signInWithGoogle({ sub: 'google-race-1', email: squatter.email, email_verified: true }).finally(() => (done = true));
    const logins: Array<Promise<LightMyRequestResponse>> = [];
    while (!done && logins.length < 80) {
      logins.push(login(squatter.email, squatter.password));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const [answers, google] = await Promise.all([Promise.all(logins), linked]);
    expect(google.headers.location).toBe(`${SITE}/Earn`);
    for (const answer of answers.filter((item) => item.statusCode === 200)) {
      expect((await profileOf(tokenOf(answer))).statusCode).toBe(401);
    }
  });

  it('keeps a Google name without control or text-direction characters, else uses the address', async () => {
    const email = uniqueEmail('google-bidi');
    const token = tokenOf(await signInWithGoogle({ sub: 'google-bidi-1', email, email_verified: true, name: '\u202EGrace\u0007 Hop\u2066per\u2069\n' }));
    expect((await profileOf(token)).json().data.name).toBe('Grace Hopper');
    const onlyControls = uniqueEmail('google-ctrl');
    const other = tokenOf(await signInWithGoogle({ sub: 'google-ctrl-1', email: onlyControls, email_verified: true, name: '\u202E\u0000' }));
    expect((await profileOf(other)).json().data.name).toBe(onlyControls.split('@')[0]);
  });

  it('shows an account Google gave no display name as "Member" on the leaderboard and the live feed, never its address', async () => {
    const email = uniqueEmail('google-noname');
    const token = tokenOf(await signInWithGoogle({ sub: 'google-noname-1', email, email_verified: true }));
    const { data: profile } = (await profileOf(token)).json<{ data: { id: number; name: string } }>();
    // Named after the address for the account's own pages; never in public.
    expect(profile.name).toBe(email.split('@')[0]);
    const txid = `tx-noname-${profile.id}`;
    expect((await injectPostback(app, postbackFields({ user_id: String(profile.id), payout: '3.21', txid }))).json().message).toBe('Conversion credited.');
    let leads: Array<typeof liveLeads.$inferSelect> = [];
    for (let wait = 0; leads.length === 0 && wait < 100; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      leads = await database().db.select().from(liveLeads).where(eq(liveLeads.amountCoins, 3210));
    }
    expect(leads.map((lead) => lead.name)).toEqual(['Member']);
    const board = await leaderboard(database().db, 'daily', new Date());
    expect(board.entries.filter((entry) => entry.amount === '3.21')).toEqual([{ rank: expect.any(Number), name: 'Member', initial: 'M', amount: '3.21' }]);
    const local = email.split('@')[0]!;
    expect(JSON.stringify([board, leads])).not.toContain(local);
  });

  it('links the referrer given to the redirect as ?referral_code=', async () => {
    const referrer = await signUp(app);
    const email = uniqueEmail('google-ref');
    await signInWithGoogle({ sub: 'google-ref-1', email, email_verified: true }, `?referral_code=${referrer.user.referral_code}`);
    const [row] = await database().db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ referredBy: referrer.user.id, name: email.split('@')[0] });
  });

  it('fails to /?error=google_auth_failed for an unverified email (never links nor creates)', async () => {
    const existing = await signUp(app);
    const response = await signInWithGoogle({ sub: 'google-unverified', email: existing.email, email_verified: false });
    expect(response.headers.location).toBe(FAILED);
    expect(tokenOf(response)).toBeFalsy();
    const [row] = await database().db.select().from(users).where(eq(users.id, existing.user.id));
    expect(row?.googleSubject).toBeNull();
  });

  it('fails for a blocked account', async () => {
    const existing = await signUp(app);
    await database().db.update(users).set({ status: 'blocked' }).where(eq(users.id, existing.user.id));
    const response = await signInWithGoogle({ sub: 'google-blocked', email: existing.email, email_verified: true });
    expect(response.headers.location).toBe(FAILED);
    expect(tokenOf(response)).toBeFalsy();
    // Nor is a blocked account linked (its password dropped) on the way.
    const [row] = await database().db.select().from(users).where(eq(users.id, existing.user.id));
    expect(row).toMatchObject({ googleSubject: null, passwordHash: expect.stringMatching(/^\$argon2id\$/) });
  });

  it('answers any query and flow cookie with a redirect (the provider or the failure page), never an error', async () => {
    const printable = fc.stringMatching(/^[\x21-\x7e]{0,200}$/);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('redirect', 'callback'), printable, fc.option(printable, { nil: undefined }), async (route, query, cookie) => {
        const response = await app.inject({ method: 'GET', url: `/api/auth/google/${route}?${query}`, cookies: cookie === undefined ? {} : { google_oauth: cookie } });
        expect(response.statusCode).toBe(302);
        const location = String(response.headers.location);
        expect(location === FAILED || location.startsWith(`${provider.issuer}/`)).toBe(true);
        expect(tokenOf(response)).toBeFalsy();
      }),
      { numRuns: 150 },
    );
  });

  it('fails for a callback without the flow cookie, with a forged cookie, with a wrong state or with a provider error', async () => {
    const start = await app.inject({ method: 'GET', url: '/api/auth/google/redirect' });
    const flowCookie = start.cookies.find((cookie) => cookie.name === 'google_oauth')!.value;
    const state = new URL(String(start.headers.location)).searchParams.get('state');
    const attempts: Array<{ url: string; cookies: Record<string, string> }> = [
      { url: `/api/auth/google/callback?code=abc&state=${state}`, cookies: {} },
      { url: `/api/auth/google/callback?code=abc&state=${state}`, cookies: { google_oauth: flowCookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) } },
      { url: '/api/auth/google/callback?code=abc&state=not-the-state', cookies: { google_oauth: flowCookie } },
      { url: `/api/auth/google/callback?error=access_denied&state=${state}`, cookies: { google_oauth: flowCookie } },
    ];
    for (const attempt of attempts) {
      const response = await app.inject({ method: 'GET', ...attempt });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(FAILED);
      expect(tokenOf(response)).toBeFalsy();
    }
  });

  it('asks a two-factor account for the second step: no session, a redirect to /#two-factor=…, then Login/2fa signs in', async () => {
    const email = uniqueEmail('google-2fa');
    const first = await signInWithGoogle({ sub: 'google-2fa-1', email, email_verified: true, name: 'Tess Two' });
    const token = tokenOf(first)!;
    const setup = await app.inject({ method: 'POST', url: '/api/user/2fa/totp/setup', headers: bearer(token) });
    const { secret } = setup.json().data;
    const now = Math.floor(Date.now() / 30_000) * 30_000 + 15_000;
    totpClock.now = () => now;
    // The second step happens a step later: the code that turned it on cannot be used again.
    const later = () => (totpClock.now = () => now + 30_000);
    try {
      expect((await app.inject({ method: 'POST', url: '/api/user/2fa/totp/enable', headers: bearer(token), payload: { code: totpCodeAt(secret, now) } })).statusCode).toBe(200);
      const second = await signInWithGoogle({ sub: 'google-2fa-1', email, email_verified: true });
      expect(second.statusCode).toBe(302);
      const location = String(second.headers.location);
      const match = /^http:\/\/app\.test\/#two-factor=([A-Za-z0-9_-]{43})&method=totp$/.exec(location);
      expect(match).not.toBeNull();
      expect(tokenOf(second)).toBeUndefined();
      const device = second.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)!.value;
      later();
      const finish = await app.inject({
        method: 'POST',
        url: '/api/user/Login/2fa',
        payload: { challenge: match![1], code: totpCodeAt(secret, now + 30_000) },
        cookies: { [DEVICE_COOKIE]: device },
      });
      expect(finish.statusCode).toBe(200);
      expect(finish.json().data.user).toMatchObject({ email, two_factor: 'totp' });
      expect(tokenOf(finish)).toBeTruthy();
      // A Google-only account turns it off with a code alone (no password to give).
      totpClock.now = () => now + 60_000;
      const off = await app.inject({ method: 'POST', url: '/api/user/2fa/disable', headers: bearer(tokenOf(finish)!), payload: { code: totpCodeAt(secret, now + 60_000) } });
      expect(off.statusCode).toBe(200);
    } finally {
      totpClock.now = () => Date.now();
    }
  });
});

describe('Google sign-in without configuration', () => {
  const database = useTestDatabase();

  it('redirects both ends to /?error=google_auth_failed when GOOGLE_CLIENT_ID is unset', async () => {
    const app = await buildTestApp({ database: database(), env: {} });
    try {
      for (const url of ['/api/auth/google/redirect', '/api/auth/google/callback?code=x&state=y']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe('/?error=google_auth_failed');
      }
    } finally {
      await app.close();
    }
  });

  it('fails the same way when the provider cannot be reached', async () => {
    const app = await buildTestApp({ database: database(), env: { GOOGLE_ISSUER: 'http://127.0.0.1:1', GOOGLE_CLIENT_ID: 'x', GOOGLE_CLIENT_SECRET: 'y' } });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/auth/google/redirect' });
      expect(response.headers.location).toBe('/?error=google_auth_failed');
    } finally {
      await app.close();
    }
  });
});
