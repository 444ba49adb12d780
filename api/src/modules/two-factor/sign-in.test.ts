import { eq, sql } from 'drizzle-orm';
import { AUTH_COOKIE } from '@rewards/shared/constants';
import { accountDevices, loginChallenges, notifications, sessions } from '../../db/schema';
import { captureMailer, signUp, type SignedUp } from '../../test/accounts';
import { useTestApp } from '../../test/build-test-app';
import { cookieOf, postAs, turnOnTotp, useTotpClock } from '../../test/two-factor-kit';
import { DEVICE_COOKIE } from '../account/known-devices';
import { hashSessionToken } from '../session/session';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const EXPIRED = { status: 'error', message: 'This sign-in has expired. Please sign in again.', code: 'challenge_expired' };

describe(`two-factor sign-in on ${kind}`, () => {
  const mailer = captureMailer();
  const { db, app } = useTestApp({ mailer });
  const clock = useTotpClock();

  /** Signs in from a browser with no device cookie (or the given one). */
  const login = (owner: SignedUp, device?: string) =>
    app().inject({ method: 'POST', url: '/api/user/Login', payload: { email: owner.email, password: owner.password }, cookies: device ? { [DEVICE_COOKIE]: device } : {} });
  const secondStep = (challenge: string, code: string, device?: string) =>
    app().inject({ method: 'POST', url: '/api/user/Login/2fa', payload: { challenge, code }, cookies: device ? { [DEVICE_COOKIE]: device } : {} });
  const challengeOf = async (owner: SignedUp, device?: string) => {
    const response = await login(owner, device);
    expect(response.statusCode).toBe(200);
    return { challenge: response.json().data.challenge as string, device: cookieOf(response, DEVICE_COOKIE)! };
  };

  async function totpUser() {
    const owner = await signUp(app());
    const { secret, recoveryCodes } = await turnOnTotp(app(), owner.token, (s) => clock.code(s));
    clock.advance();
    return { owner, secret, recoveryCodes };
  }

  it('answers the second step to a right password, with no session', async () => {
    const { owner } = await totpUser();
    const response = await login(owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'success',
      message: 'Enter your two-factor code to finish signing in.',
      data: { two_factor_required: true, method: 'totp', challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
    });
    expect(cookieOf(response, AUTH_COOKIE)).toBeUndefined();
    // A wrong password is still only that.
    expect((await app().inject({ method: 'POST', url: '/api/user/Login', payload: { email: owner.email, password: 'nope nope' } })).statusCode).toBe(401);
  });

  it('signs in with an authenticator code: the session passed two-factor, the new browser is recorded and the owner told', async () => {
    const { owner, secret } = await totpUser();
    const { challenge, device } = await challengeOf(owner);
    // Nothing recorded before the second step.
    expect(await db().select().from(accountDevices).where(eq(accountDevices.userId, owner.user.id))).toHaveLength(1);
    const response = await secondStep(challenge, clock.code(secret), device);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'success', message: 'Login successful.', data: { user: { email: owner.email, two_factor: 'totp' } } });
    const token = cookieOf(response, AUTH_COOKIE)!;
    expect((await postAs(app(), token, 'Profile')).statusCode).toBe(200);
    const [session] = await db().select().from(sessions).where(eq(sessions.tokenHash, hashSessionToken(token)));
    expect(session).toMatchObject({ twoFactorAt: expect.any(Date), startedOnNewDevice: true });
    expect(await db().select().from(accountDevices).where(eq(accountDevices.userId, owner.user.id))).toHaveLength(2);
    const told = await db().select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(told.map((row) => row.kind)).toContain('new_sign_in');
    // The challenge is spent.
    clock.advance();
    expect((await secondStep(challenge, clock.code(secret), device)).json()).toEqual(EXPIRED);
  });

  it('refuses an authenticator code used before, in its window', async () => {
    const { owner, secret } = await totpUser();
    const first = await challengeOf(owner, owner.device);
    const code = clock.code(secret);
    expect((await secondStep(first.challenge, code, owner.device)).statusCode).toBe(200);
    const second = await challengeOf(owner, owner.device);
    expect((await secondStep(second.challenge, code, owner.device)).json()).toEqual({ status: 'error', code: 'invalid_code', message: 'Invalid code.', errors: { code: ['Invalid code.'] }, field_codes: { code: [{ code: 'invalid_code' }] } });
    // Nor the code of the step before (already past).
    expect((await secondStep(second.challenge, clock.code(secret, -1), owner.device)).statusCode).toBe(422);
    clock.advance();
    const signedIn = await secondStep(second.challenge, clock.code(secret), owner.device);
    expect(signedIn.statusCode).toBe(200);
    // A known browser: not a new device.
    const [session] = await db().select().from(sessions).where(eq(sessions.tokenHash, hashSessionToken(cookieOf(signedIn, AUTH_COOKIE)!)));
    expect(session!.startedOnNewDevice).toBe(false);
  });

  it('accepts each recovery code once', async () => {
    const { owner, recoveryCodes } = await totpUser();
    const first = await challengeOf(owner);
    expect((await secondStep(first.challenge, recoveryCodes[0]!)).statusCode).toBe(200);
    const second = await challengeOf(owner);
    expect((await secondStep(second.challenge, recoveryCodes[0]!)).statusCode).toBe(422);
    expect((await secondStep(second.challenge, recoveryCodes[1]!)).statusCode).toBe(200);
  });

  it('voids a challenge at the fifth wrong code', async () => {
    const { owner, secret } = await totpUser();
    const { challenge } = await challengeOf(owner);
    for (let i = 0; i < 4; i++) expect((await secondStep(challenge, `00000${i}`)).json().message).toBe('Invalid code.');
    expect((await secondStep(challenge, '000009')).json()).toEqual(EXPIRED);
    expect((await secondStep(challenge, clock.code(secret))).json()).toEqual(EXPIRED);
    // Signing in again gives a new challenge.
    const again = await challengeOf(owner);
    expect((await secondStep(again.challenge, clock.code(secret))).statusCode).toBe(200);
  });

  it('lets a challenge live 10 minutes', async () => {
    const { owner, secret } = await totpUser();
    const { challenge } = await challengeOf(owner);
    const [row] = await db().select().from(loginChallenges).where(eq(loginChallenges.userId, owner.user.id));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * 60_000);
    await db().update(loginChallenges).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(loginChallenges.userId, owner.user.id));
    expect((await secondStep(challenge, clock.code(secret))).json()).toEqual(EXPIRED);
  });

  it('voids the challenge when the password changed between the steps', async () => {
    const { owner, secret } = await totpUser();
    const { challenge } = await challengeOf(owner);
    await app().inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email: owner.email } });
    const otp = mailer.codeFor(owner.email);
    const reset = await app().inject({ method: 'POST', url: '/api/user/reset-password', payload: { email: owner.email, otp, password: 'brand new pass', password_confirmation: 'brand new pass' } });
    expect(reset.statusCode).toBe(200);
    expect((await secondStep(challenge, clock.code(secret))).json()).toEqual(EXPIRED);
  });

  it('answers challenge_expired to an unknown or malformed challenge', async () => {
    expect((await secondStep('x'.repeat(43), '123456')).json()).toEqual(EXPIRED);
    expect((await secondStep('not a challenge', '123456')).statusCode).toBe(422);
  });

  describe('email codes', () => {
    async function emailUser() {
      const owner = await signUp(app());
      await postAs(app(), owner.token, '2fa/email/send');
      expect((await postAs(app(), owner.token, '2fa/email/enable', { code: mailer.twoFactorCodeFor(owner.email, 'settings') })).statusCode).toBe(200);
      return owner;
    }

    it('emails a code at each sign-in and signs in with it', async () => {
      const owner = await emailUser();
      const response = await login(owner);
      expect(response.json().data).toMatchObject({ two_factor_required: true, method: 'email' });
      const code = mailer.twoFactorCodeFor(owner.email, 'sign_in');
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      expect((await secondStep(response.json().data.challenge, wrong)).statusCode).toBe(422);
      expect((await secondStep(response.json().data.challenge, code)).statusCode).toBe(200);
    });

    it('resends after 60 seconds only; the new code works, the old one not', async () => {
      const owner = await emailUser();
      const { challenge } = await challengeOf(owner);
      const first = mailer.twoFactorCodeFor(owner.email, 'sign_in');
      const resend = (body: object) => app().inject({ method: 'POST', url: '/api/user/Login/2fa/resend', payload: body });
      expect((await resend({ challenge })).statusCode).toBe(429);
      await db().update(loginChallenges).set({ emailCodeSentAt: sql`now() - interval '61 seconds'` }).where(eq(loginChallenges.userId, owner.user.id));
      const again = await resend({ challenge });
      expect(again.json()).toEqual({ status: 'success', message: 'We sent a new code to your email.' });
      const second = mailer.twoFactorCodeFor(owner.email, 'sign_in');
      if (second !== first) expect((await secondStep(challenge, first)).statusCode).toBe(422);
      expect((await secondStep(challenge, second)).statusCode).toBe(200);
      expect((await resend({ challenge })).json()).toEqual(EXPIRED);
    });

    it('resends nothing for an authenticator sign-in', async () => {
      const { owner } = await totpUser();
      const { challenge } = await challengeOf(owner);
      const response = await app().inject({ method: 'POST', url: '/api/user/Login/2fa/resend', payload: { challenge } });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('This sign-in does not use emailed codes.');
    });
  });

  (onPostgres ? it : it.skip)('uses a recovery code once under concurrent sign-ins, and checks at most 5 codes of a challenge (real races)', async () => {
    const { owner, recoveryCodes } = await totpUser();
    const challenges = await Promise.all(Array.from({ length: 6 }, () => challengeOf(owner)));
    const answers = await Promise.all(challenges.map(({ challenge }) => secondStep(challenge, recoveryCodes[0]!)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422, 422, 422, 422, 422]);

    const { challenge } = await challengeOf(owner);
    const guesses = await Promise.all(Array.from({ length: 20 }, (_, i) => secondStep(challenge, String(200000 + i))));
    const [row] = await db().select().from(loginChallenges).where(eq(loginChallenges.challengeHash, (await import('node:crypto')).createHash('sha256').update(challenge).digest('hex')));
    expect(row!.attempts).toBe(5);
    expect(guesses.filter((guess) => guess.json().code === 'challenge_expired').length).toBeGreaterThanOrEqual(15);
  });
});
