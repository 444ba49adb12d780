import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { AUTH_COOKIE } from '@rewards/shared/constants';
import { accountDevices } from '../../db/schema';
import { TOO_MANY_ATTEMPTS } from '../../plugins/rate-limit';
import { captureMailer, type CapturingMailer, uniqueEmail } from '../../test/accounts';
import { buildTestApp } from '../../test/build-test-app';
import { useTestDatabase } from '../../test/test-database';
import { DEVICE_COOKIE, DEVICE_TTL_MS } from './known-devices';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const redisUrl = process.env.TEST_REDIS_URL;
const ACCOUNT_MAX = 5;
const LIMITS = `login=100/1m,login_ip=100/1m,login_account=${ACCOUNT_MAX}/15m`;
const TOO_MANY = { status: 'error', code: 'rate_limited', message: TOO_MANY_ATTEMPTS };

let addressCounter = 0;
/** A fresh client address per request: only the per-account limit can refuse these. */
function strangerAddress(): string {
  addressCounter += 1;
  return `198.18.${100 + Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

function deviceCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((item) => item.name === DEVICE_COOKIE);
  if (!cookie?.value) throw new Error(`no ${DEVICE_COOKIE} cookie in the response (${response.statusCode} ${response.body})`);
  return cookie.value;
}

type Owner = { email: string; password: string; userId: number; signUpDevice: string };

function client(app: FastifyInstance) {
  const login = (email: string, password: string, device?: string, cookieHeader?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/user/Login',
      payload: { email, password },
      remoteAddress: strangerAddress(),
      ...(cookieHeader !== undefined ? { headers: { cookie: cookieHeader } } : device !== undefined ? { cookies: { [DEVICE_COOKIE]: device } } : {}),
    });
  const register = async (): Promise<Owner> => {
    const email = uniqueEmail('device');
    const password = 'owner password 1';
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/Register',
      payload: { name: 'Olive Owner', email, password, password_confirmation: password },
      remoteAddress: strangerAddress(),
    });
    expect(response.statusCode).toBe(201);
    return { email, password, userId: response.json().data.user.id, signUpDevice: deviceCookieOf(response) };
  };
  /** Strangers use the account's wrong-password limit up. */
  const lockOut = async (email: string) => {
    for (let i = 0; i < ACCOUNT_MAX; i++) expect((await login(email, `stranger-guess-${i}`)).statusCode).toBe(401);
    const refused = await login(email, 'stranger-guess-last');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
  };
  return { login, register, lockOut };
}

const stores: Array<[string, Record<string, string> | undefined]> = [
  ['in memory', {}],
  ['in Redis', redisUrl ? { REDIS_URL: redisUrl } : undefined],
];

describe.each(stores)(`the wrong-password limit per account, counted %s, on ${kind}`, (_store, storeEnv) => {
  const database = useTestDatabase();
  const maybe = storeEnv ? it : it.skip;
  let app: FastifyInstance;
  let calls: ReturnType<typeof client>;

  beforeAll(async () => {
    if (!storeEnv) return;
    const env = { ...storeEnv, RATE_LIMITS: LIMITS, ...(storeEnv.REDIS_URL ? { REDIS_PREFIX: `test:${randomBytes(6).toString('hex')}:` } : {}) };
    // These tests count in Redis: on a busy machine its answers to a burst passed the 1 s after which a count is
    // made in memory instead (rate-limit.test.ts tests that), and the burst got the limit twice.
    app = await buildTestApp({ database: database(), mailer: captureMailer(), env, redisCommandTimeoutMs: 30_000 });
    calls = client(app);
  });
  afterAll(() => app?.close());

  maybe('answers a burst of 60 concurrent wrong passwords with at most the limit’s 401s, the rest 429, before any check', async () => {
    const owner = await calls.register();
    const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => calls.login(owner.email, `burst-guess-${i}`)));
    const codes = burst.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 401)).toHaveLength(ACCOUNT_MAX);
    expect(codes.filter((code) => code === 429)).toHaveLength(60 - ACCOUNT_MAX);
    for (const response of burst.filter((item) => item.statusCode === 429)) expect(response.json()).toEqual(TOO_MANY);
    // The right password from a browser new to the account waits for the window too.
    expect((await calls.login(owner.email, owner.password)).statusCode).toBe(429);
  });

  maybe('the same burst for an email without an account: the same answers, so the limit tells nothing', async () => {
    const email = uniqueEmail('nobody');
    const same = await Promise.all(Array.from({ length: 60 }, (_, i) => calls.login(email, `guess-${i}`)));
    expect(same.filter((response) => response.statusCode === 401)).toHaveLength(ACCOUNT_MAX);
    expect(same.filter((response) => response.statusCode === 429)).toHaveLength(60 - ACCOUNT_MAX);
  });

  maybe('never counts the right password: given back, so guesses between the owner’s sign-ins get the limit and no more', async () => {
    const owner = await calls.register();
    for (let i = 0; i < ACCOUNT_MAX - 1; i++) expect((await calls.login(owner.email, `guess-${i}`)).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) expect((await calls.login(owner.email, owner.password)).statusCode).toBe(200);
    expect((await calls.login(owner.email, 'one-more-guess')).statusCode).toBe(401);
    expect((await calls.login(owner.email, 'guess-past-the-limit')).statusCode).toBe(429);
  });

  maybe('lets the owner in from the browser the account was made in and from one that signed in, while strangers are held', async () => {
    const owner = await calls.register();
    const signedIn = await calls.login(owner.email, owner.password);
    expect(signedIn.statusCode).toBe(200);
    const passwordDevice = deviceCookieOf(signedIn);
    expect(passwordDevice).not.toBe(owner.signUpDevice);

    await calls.lockOut(owner.email);
    expect((await calls.login(owner.email, owner.password)).statusCode).toBe(429);

    for (const device of [owner.signUpDevice, passwordDevice]) {
      const response = await calls.login(owner.email, owner.password, device);
      expect(response.statusCode).toBe(200);
      expect(response.cookies.find((item) => item.name === AUTH_COOKIE)?.value).toBeTruthy();
      // Same browser, same id: the cookie is renewed, not replaced.
      expect(deviceCookieOf(response).split('.')[0]).toBe(device.split('.')[0]);
    }
    // A known browser is still asked for the right password (held only by the per-address limits).
    expect((await calls.login(owner.email, 'a typo', owner.signUpDevice)).statusCode).toBe(401);
    // Strangers stay held.
    expect((await calls.login(owner.email, owner.password)).statusCode).toBe(429);
  });

  maybe('a browser known to another account, or a signed id that never signed in, is a stranger here', async () => {
    const owner = await calls.register();
    const other = await calls.register();
    await calls.lockOut(owner.email);
    expect((await calls.login(owner.email, owner.password, other.signUpDevice)).statusCode).toBe(429);
    expect((await calls.login(owner.email, owner.password, app.signCookie(randomBytes(16).toString('base64url')))).statusCode).toBe(429);
    // That other account's own browser is known to it, and one browser keeps one id for both accounts.
    const both = await calls.login(other.email, other.password, other.signUpDevice);
    expect(both.statusCode).toBe(200);
    expect(deviceCookieOf(both)).toBe(other.signUpDevice);
  });

  maybe('takes a forged, unsigned or garbage device cookie for no device: 429, never an error', async () => {
    const owner = await calls.register();
    await calls.lockOut(owner.email);
    const rawId = owner.signUpDevice.slice(0, owner.signUpDevice.lastIndexOf('.'));
    const forgedSignature = createHmac('sha256', 'not-the-app-secret').update(rawId).digest('base64').replace(/=+$/, '');
    const garbage = [
      rawId,
      `${rawId}.${forgedSignature}`,
      `${rawId}.`,
      `${owner.signUpDevice}x`,
      `x${owner.signUpDevice}`,
      owner.signUpDevice.toUpperCase(),
      app.signCookie('not-a-device-id'),
      app.signCookie(''),
      app.signCookie(`${rawId}\u0000`),
      '',
      '.',
      'null',
      'x'.repeat(4000),
      '%E0%A4%A',
      '\u202e',
    ];
    for (const device of garbage) {
      const response = await calls.login(owner.email, owner.password, device);
      expect([device, response.statusCode]).toEqual([device, 429]);
    }
    for (const header of [`${DEVICE_COOKIE}=`, `${DEVICE_COOKIE}`, `=; ;;${DEVICE_COOKIE}==${owner.signUpDevice}`, `${DEVICE_COOKIE}="${rawId}"`]) {
      expect([header, (await calls.login(owner.email, owner.password, undefined, header)).statusCode]).toEqual([header, 429]);
    }
    // The real one still works.
    expect((await calls.login(owner.email, owner.password, owner.signUpDevice)).statusCode).toBe(200);
  });

  maybe('signing out keeps the device cookie, and the browser stays known', async () => {
    const owner = await calls.register();
    const signedIn = await calls.login(owner.email, owner.password, owner.signUpDevice);
    const session = signedIn.cookies.find((item) => item.name === AUTH_COOKIE)!.value;
    const loggedOut = await app.inject({ method: 'POST', url: '/api/user/logout', cookies: { [AUTH_COOKIE]: session, [DEVICE_COOKIE]: owner.signUpDevice } });
    expect(loggedOut.statusCode).toBe(200);
    expect(loggedOut.cookies.find((item) => item.name === AUTH_COOKIE)?.value).toBe('');
    expect(loggedOut.cookies.find((item) => item.name === DEVICE_COOKIE)).toBeUndefined();
    await calls.lockOut(owner.email);
    expect((await calls.login(owner.email, owner.password, owner.signUpDevice)).statusCode).toBe(200);
  });
});

describe(`known devices on ${kind}`, () => {
  const database = useTestDatabase();
  let app: FastifyInstance;
  let mailer: CapturingMailer;
  let calls: ReturnType<typeof client>;

  beforeAll(async () => {
    mailer = captureMailer();
    app = await buildTestApp({ database: database(), mailer, env: { RATE_LIMITS: LIMITS } });
    calls = client(app);
  });
  afterAll(() => app.close());

  it('sets a signed HttpOnly cookie for a year, SameSite=Lax (not Secure over plain http in tests; Secure in production: account.test.ts)', async () => {
    const owner = await calls.register();
    const response = await calls.login(owner.email, owner.password);
    const cookie = response.cookies.find((item) => item.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: DEVICE_TTL_MS / 1000 });
    expect(cookie?.secure).toBeFalsy();
    expect(app.unsignCookie(cookie!.value)).toMatchObject({ valid: true, value: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    // Wrong passwords set nothing.
    expect((await calls.login(owner.email, 'wrong password')).cookies).toEqual([]);
  });

  it('gives a sign-up that brings a forged or garbage device cookie a fresh id of its own', async () => {
    const someone = await calls.register();
    const rawId = app.unsignCookie(someone.signUpDevice).value!;
    for (const device of [rawId, `${rawId}.forged`, app.signCookie('x'), 'x'.repeat(4000), '']) {
      const password = 'garbage cookie 1';
      const response = await app.inject({
        method: 'POST',
        url: '/api/user/Register',
        payload: { name: 'Gary Garbage', email: uniqueEmail('garbage'), password, password_confirmation: password },
        cookies: { [DEVICE_COOKIE]: device },
      });
      expect(response.statusCode).toBe(201);
      const fresh = app.unsignCookie(deviceCookieOf(response));
      expect(fresh.valid).toBe(true);
      expect(fresh.value).not.toBe(rawId);
      expect(fresh.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
    }
  });

  it('keeps a hash of the id per account, not the id, and only for sign-ins that succeeded', async () => {
    const owner = await calls.register();
    expect((await calls.login(owner.email, 'wrong password')).statusCode).toBe(401);
    const rows = await database().db.select().from(accountDevices).where(eq(accountDevices.userId, owner.userId));
    expect(rows).toHaveLength(1);
    const id = app.unsignCookie(owner.signUpDevice).value!;
    expect(rows[0]!.deviceHash).not.toContain(id);
  });

  it('a password reset forgets the account’s browsers, except the one that used the code', async () => {
    const owner = await calls.register();
    const otherBrowser = deviceCookieOf(await calls.login(owner.email, owner.password));
    expect((await app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email: owner.email } })).statusCode).toBe(200);
    const newPassword = 'the new password 2';
    const reset = await app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { email: owner.email, otp: mailer.codeFor(owner.email), password: newPassword, password_confirmation: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    const resettingBrowser = deviceCookieOf(reset);

    await calls.lockOut(owner.email);
    for (const device of [owner.signUpDevice, otherBrowser]) expect((await calls.login(owner.email, newPassword, device)).statusCode).toBe(429);
    expect((await calls.login(owner.email, newPassword, resettingBrowser)).statusCode).toBe(200);
  });

  it('deleting the account forgets its browsers', async () => {
    const owner = await calls.register();
    const signedIn = await calls.login(owner.email, owner.password, owner.signUpDevice);
    const session = signedIn.cookies.find((item) => item.name === AUTH_COOKIE)!.value;
    expect((await app.inject({ method: 'POST', url: '/api/user/DeleteAccount', cookies: { [AUTH_COOKIE]: session } })).statusCode).toBe(200);
    expect(await database().db.select().from(accountDevices).where(eq(accountDevices.userId, owner.userId))).toEqual([]);
  });
});
