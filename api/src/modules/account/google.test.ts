import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { AUTH_COOKIE } from '@rewards/shared/constants';
import { users } from '../../db/schema';
import { findRepoRoot } from '../../repo-root';
import { bearer, captureMailer, signUp, uniqueEmail } from '../../test/accounts';
import { buildTestApp } from '../../test/build-test-app';
import { useTestDatabase } from '../../test/test-database';

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

  beforeAll(async () => {
    provider = await startProvider();
    app = await buildTestApp({
      database: database(),
      mailer: captureMailer(),
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
    const profile = await app.inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(token!) });
    expect(profile.json().data).toMatchObject({ name: 'Grace Hopper', email, wallet: '0.00' });
    const [row] = await database().db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ googleSubject: 'google-new-1', passwordHash: null });

    // The next sign-in with the same Google account is the same user.
    const again = await signInWithGoogle({ sub: 'google-new-1', email, email_verified: true, name: 'Grace Hopper' });
    const second = await app.inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(tokenOf(again)!) });
    expect(second.json().data.id).toBe(row!.id);
  });

  it('links an existing account by its verified email, keeping its password', async () => {
    const existing = await signUp(app);
    const response = await signInWithGoogle({ sub: 'google-link-1', email: existing.email, email_verified: true, name: 'Someone Else' });
    expect(response.headers.location).toBe(`${SITE}/Earn`);
    const profile = await app.inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(tokenOf(response)!) });
    expect(profile.json().data).toMatchObject({ id: existing.user.id, name: existing.user.name });
    const [row] = await database().db.select().from(users).where(eq(users.id, existing.user.id));
    expect(row?.googleSubject).toBe('google-link-1');
    expect((await app.inject({ method: 'POST', url: '/api/user/Login', payload: { email: existing.email, password: existing.password } })).statusCode).toBe(200);
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
