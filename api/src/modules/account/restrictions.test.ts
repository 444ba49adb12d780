import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import { bearer, captureMailer, signUp, uniqueEmail } from '../../test/accounts';
import { buildTestApp, useTestApp } from '../../test/build-test-app';
import { useTestDatabase } from '../../test/test-database';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const TOO_MANY = { status: 'error', code: 'rate_limited', message: 'Too many attempts. Please wait a minute and try again.' };
const BLOCKED = { status: 'error', code: 'account_blocked', message: 'Your account has been blocked.', error_type: 'account_blocked' };
const PENDING = { status: 'error', code: 'account_pending', message: 'The account has been temporarily disabled.', error_type: 'account_pending' };

describe(`blocked and pending accounts on ${kind}`, () => {
  const { database, app } = useTestApp();

  const setStatus = (id: number, status: 'active' | 'blocked' | 'pending') =>
    database().db.update(users).set({ status }).where(eq(users.id, id));

  it.each([
    ['blocked', BLOCKED],
    ['pending', PENDING],
  ] as const)('answers every authenticated call of a %s account with 403 and its error_type', async (status, expected) => {
    const { token, user } = await signUp(app());
    await setStatus(user.id, status);
    for (const url of ['/api/user/Profile', '/api/user/Session', '/api/user/DeleteAccount']) {
      const response = await app().inject({ method: 'POST', url, headers: bearer(token) });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(expected);
    }
    await setStatus(user.id, 'active');
    expect((await app().inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(token) })).statusCode).toBe(200);
  });

  it.each([
    ['blocked', BLOCKED],
    ['pending', PENDING],
  ] as const)('refuses the login of a %s account with 403 after the password checks, without a session', async (status, expected) => {
    const { email, password, user } = await signUp(app());
    await setStatus(user.id, status);
    const right = await app().inject({ method: 'POST', url: '/api/user/Login', payload: { email, password } });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual(expected);
    expect(right.cookies).toEqual([]);
    // A wrong password says nothing about the account's status.
    const wrong = await app().inject({ method: 'POST', url: '/api/user/Login', payload: { email, password: 'not it at all' } });
    expect(wrong.statusCode).toBe(401);
  });
});

describe(`rate limits on ${kind}`, () => {
  const database = useTestDatabase();
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({
      database: database(),
      mailer: captureMailer(),
      env: { RATE_LIMITS: 'login=3/1m,login_ip=5/1m,forgot=2/15m,forgot_ip=50/15m,otp=3/15m,otp_ip=50/15m' },
    });
  });
  afterAll(() => app.close());

  const post = (url: string, payload: unknown, ip = '203.0.113.7') =>
    app.inject({ method: 'POST', url: `/api/user/${url}`, payload: payload as object, remoteAddress: ip });

  it('answers 429 after 3 logins for one email from one IP, even with the right password', async () => {
    const { email, password } = await signUp(app);
    for (let i = 0; i < 3; i++) expect((await post('Login', { email, password: 'wrong guess' }, '198.51.100.1')).statusCode).toBe(401);
    const blocked = await post('Login', { email, password }, '198.51.100.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    // Another IP is counted apart.
    expect((await post('Login', { email, password }, '198.51.100.2')).statusCode).toBe(200);
  });

  it('answers 429 after 5 logins from one IP across emails', async () => {
    const ip = '198.51.100.50';
    for (let i = 0; i < 5; i++) expect((await post('Login', { email: uniqueEmail('spray'), password: 'password1' }, ip)).statusCode).toBe(401);
    expect((await post('Login', { email: uniqueEmail('spray'), password: 'password1' }, ip)).json()).toEqual(TOO_MANY);
  });

  // Per email only from one IP: a per-email limit across IPs would let a stranger keep the owner's own
  // requests refused (the daily caps per account are in password-reset.test.ts).
  it('answers 429 to a third reset code asked for one email from one IP; another IP is counted apart', async () => {
    const email = uniqueEmail('forgot');
    expect((await post('forgot-password', { email }, '192.0.2.1')).statusCode).toBe(200);
    expect((await post('forgot-password', { email }, '192.0.2.1')).statusCode).toBe(200);
    const third = await post('forgot-password', { email: email.toUpperCase() }, '192.0.2.1');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual(TOO_MANY);
    expect((await post('forgot-password', { email }, '192.0.2.2')).statusCode).toBe(200);
  });

  it('answers 429 after 3 code checks for one email from one IP (verify-otp and reset-password together); another IP is counted apart', async () => {
    const email = uniqueEmail('otp');
    const ip = '192.0.2.10';
    expect((await post('verify-otp', { email, otp: '111111' }, ip)).statusCode).toBe(400);
    expect((await post('verify-otp', { email, otp: '222222' }, ip)).statusCode).toBe(400);
    expect((await post('reset-password', { email, otp: '333333', password: 'abcdef', password_confirmation: 'abcdef' }, ip)).statusCode).toBe(400);
    expect((await post('verify-otp', { email, otp: '444444' }, ip)).json()).toEqual(TOO_MANY);
    expect((await post('verify-otp', { email, otp: '444444' }, '192.0.2.11')).statusCode).toBe(400);
  });
});
