import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { accountDevices, sessions } from '../../db/schema';
import { bearer, captureMailer, sessionCookieOf, signUp } from '../../test/accounts';
import { buildTestApp, useTestApp } from '../../test/build-test-app';
import { hashSessionToken, purgeDeadSessions } from '../session/session';
import { DEVICE_COOKIE } from './known-devices';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`sessions on ${kind}`, () => {
  const mailer = captureMailer();
  const { database, app } = useTestApp({ mailer });

  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    app().inject({ method: 'POST', url: `/api/user/${url}`, payload, headers });
  const sessionOf = async (token: string) =>
    (await database().db.select().from(sessions).where(eq(sessions.tokenHash, hashSessionToken(token))))[0];
  const ago = (ms: number) => new Date(Date.now() - ms);
  const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('expires 30 days after sign-in: an expired session answers 401', async () => {
    const { token } = await signUp(app());
    const session = await sessionOf(token);
    expect(session!.expiresAt.getTime() - session!.createdAt.getTime()).toBeGreaterThan(30 * 24 * 3600_000 - 5_000);
    await database().db.update(sessions).set({ expiresAt: ago(1000) }).where(eq(sessions.id, session!.id));
    const response = await post('Profile', undefined, bearer(token));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 'error', code: 'unauthenticated', message: 'Unauthenticated.' });
  });

  it('purges expired and revoked sessions and keeps the live ones', async () => {
    const { db } = database();
    const live = await signUp(app());
    const expired = await signUp(app());
    const revoked = await signUp(app());
    await db.update(sessions).set({ expiresAt: ago(1000) }).where(eq(sessions.id, (await sessionOf(expired.token))!.id));
    await post('logout', undefined, bearer(revoked.token));

    expect(await purgeDeadSessions(db, 2)).toBeGreaterThanOrEqual(2);
    expect(await sessionOf(live.token)).toBeDefined();
    expect(await sessionOf(expired.token)).toBeUndefined();
    expect(await sessionOf(revoked.token)).toBeUndefined();
    expect((await post('Profile', undefined, bearer(live.token))).statusCode).toBe(200);
    expect(await purgeDeadSessions(db)).toBe(0);
  });

  it('purges a backlog bigger than one batch', async () => {
    const { db } = database();
    const { user } = await signUp(app());
    const dead = Array.from({ length: 7 }, (_, i) => ({ userId: user.id, tokenHash: `dead-${user.id}-${i}`, expiresAt: ago(60_000) }));
    await db.insert(sessions).values(dead);
    expect(await purgeDeadSessions(db, 3)).toBeGreaterThanOrEqual(7);
    const left = await db.select().from(sessions).where(inArray(sessions.tokenHash, dead.map((row) => row.tokenHash)));
    expect(left).toEqual([]);
  });

  it('is purged by the running server on its own', async () => {
    const { db } = database();
    const purging = await buildTestApp({ database: database(), env: { RATE_LIMITS: 'off' }, sessionPurgeIntervalMs: 100 });
    try {
      await purging.ready();
      const { token } = await signUp(purging);
      const other = await signUp(purging);
      await db.update(sessions).set({ expiresAt: ago(1000) }).where(eq(sessions.id, (await sessionOf(token))!.id));
      const deadline = Date.now() + 10_000;
      while ((await sessionOf(token)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await sessionOf(token)).toBeUndefined();
      expect(await sessionOf(other.token)).toBeDefined();
    } finally {
      await purging.close();
    }
  });

  it('never leaves a session or a known device to a password checked while it was being reset (real races on PostgreSQL)', async () => {
    const { email, password, user } = await signUp(app());
    await post('forgot-password', { email });
    const otp = mailer.codeFor(email);
    // Sign-ins spread over the reset's own hashing and commit: some read the old hash before it commits.
    const reset = post('reset-password', { email, otp, password: 'brand-new-1', password_confirmation: 'brand-new-1' });
    const logins = Array.from({ length: 20 }, (_, i) => delay(i * 5).then(() => post('Login', { email, password })));
    const [answers, resetAnswer] = await Promise.all([Promise.all(logins), reset]);
    expect(resetAnswer.statusCode).toBe(200);
    for (const answer of answers) {
      expect([200, 401]).toContain(answer.statusCode);
      if (answer.statusCode === 200) expect((await post('Profile', undefined, bearer(sessionCookieOf(answer)))).statusCode).toBe(401);
    }
    // Of the account's browsers only the one that used the code is known: not the sign-up's, nor any old-password sign-in's.
    const resetDevice = app().unsignCookie(resetAnswer.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)!.value).value!;
    const devices = await database().db.select().from(accountDevices).where(eq(accountDevices.userId, user.id));
    expect(devices.map((device) => device.deviceHash)).toEqual([createHash('sha256').update(resetDevice).digest('base64url')]);
  });
});
