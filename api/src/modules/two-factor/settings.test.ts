import { and, eq, sql } from 'drizzle-orm';
import { notifications, twoFactorCodes, twoFactorRecoveryCodes, userTwoFactor, users } from '../../db/schema';
import { captureMailer, signUp } from '../../test/accounts';
import { useTestApp } from '../../test/build-test-app';
import { postAs, turnOnTotp, useTotpClock } from '../../test/two-factor-kit';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`two-factor settings on ${kind}`, () => {
  const mailer = captureMailer();
  const { db, app } = useTestApp({ mailer });
  const clock = useTotpClock();
  const post = (token: string, url: string, payload?: object) => postAs(app(), token, url, payload);
  const changes = async (userId: number) =>
    (await db().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'two_factor_changed')))).map((row) => row.data);

  describe('authenticator app', () => {
    it('sets up with a base32 secret and an otpauth URL, and keeps the secret only sealed', async () => {
      const { token, user, email } = await signUp(app());
      const setup = await post(token, '2fa/totp/setup');
      expect(setup.statusCode).toBe(200);
      const { secret, otpauth_url } = setup.json().data;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(otpauth_url).toBe(`otpauth://totp/Earnly:${encodeURIComponent(email)}?issuer=Earnly&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
      const [row] = await db().select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
      expect(row!.pendingTotpSecret).toMatch(/^v1\./);
      expect(row!.pendingTotpSecret).not.toContain(secret);
      expect(row!.totpSecret).toBeNull();
    });

    it('turns on with a right code: 10 single-use recovery codes stored hashed, the profile says totp, the owner is notified', async () => {
      const { token, user } = await signUp(app());
      const { secret } = (await post(token, '2fa/totp/setup')).json().data;
      expect((await post(token, '2fa/totp/enable', { code: clock.code(secret, 5) })).json()).toEqual({
        status: 'error',
        code: 'invalid_code',
        message: 'Invalid code.',
        errors: { code: ['Invalid code.'] },
        field_codes: { code: [{ code: 'invalid_code' }] },
      });
      const enabled = await post(token, '2fa/totp/enable', { code: clock.code(secret) });
      expect(enabled.statusCode).toBe(200);
      const { recovery_codes, user: profile } = enabled.json().data;
      expect(recovery_codes).toHaveLength(10);
      expect(new Set(recovery_codes).size).toBe(10);
      for (const code of recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(profile.two_factor).toBe('totp');
      const stored = await db().select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
      expect(stored).toHaveLength(10);
      for (const row of stored) expect(recovery_codes.map((code: string) => code.replace('-', ''))).not.toContain(row.codeHash);
      const [state] = await db().select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
      expect(state).toMatchObject({ pendingTotpSecret: null, totpSecret: expect.stringMatching(/^v1\./) });
      expect(await changes(user.id)).toEqual([{ method: 'totp' }]);
      expect((await postAs(app(), token, 'Profile')).json().data.two_factor).toBe('totp');
      // Never shown again.
      expect((await post(token, '2fa/totp/setup')).json()).toEqual({ status: 'error', code: 'two_factor_already_on', message: 'Two-factor authentication is already on.' });
      expect((await post(token, '2fa/totp/setup')).statusCode).toBe(409);
    });

    it('refuses enable without a setup', async () => {
      const { token } = await signUp(app());
      const response = await post(token, '2fa/totp/enable', { code: '123456' });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('Set up your authenticator app first.');
    });

    it('turns off with the password and a current code; the code that turned it on does not work again', async () => {
      const { token, user, password } = await signUp(app());
      const { secret } = await turnOnTotp(app(), token, (s) => clock.code(s));
      const missing = await post(token, '2fa/disable', { code: clock.code(secret) });
      expect(missing.json()).toEqual({ status: 'error', code: 'password_required', message: 'The password field is required.', errors: { password: ['The password field is required.'] }, field_codes: { password: [{ code: 'password_required' }] } });
      // The code of the step that turned it on.
      expect((await post(token, '2fa/disable', { password, code: clock.code(secret) })).json().message).toBe('Invalid code.');
      expect((await post(token, '2fa/disable', { password: 'wrong password', code: clock.code(secret, 1) })).json().message).toBe('The password is incorrect.');
      clock.advance();
      const off = await post(token, '2fa/disable', { password, code: clock.code(secret) });
      expect(off.statusCode).toBe(200);
      expect(off.json().data.user.two_factor).toBe('off');
      expect(await db().select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id))).toEqual([]);
      expect(await db().select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id))).toEqual([]);
      expect(await changes(user.id)).toEqual(expect.arrayContaining([{ method: 'totp' }, { method: 'off' }]));
      expect((await post(token, '2fa/disable', { password, code: '123456' })).statusCode).toBe(409);
    });

    it('turns off with a recovery code', async () => {
      const { token, password } = await signUp(app());
      const { recoveryCodes } = await turnOnTotp(app(), token, (s) => clock.code(s));
      const off = await post(token, '2fa/disable', { password, code: recoveryCodes[3]!.toUpperCase().replace('-', ' ') });
      expect(off.statusCode).toBe(200);
    });

    it('allows 5 wrong tries in 30 minutes: then even the right code waits', async () => {
      const { token, user, password } = await signUp(app());
      const { secret } = await turnOnTotp(app(), token, (s) => clock.code(s));
      clock.advance();
      for (let i = 0; i < 5; i++) expect((await post(token, '2fa/disable', { password, code: String(100000 + i) })).statusCode).toBe(422);
      const refused = await post(token, '2fa/disable', { password, code: clock.code(secret) });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('Too many wrong codes. Please try again in 30 minutes.');
      await db().update(twoFactorCodes).set({ windowStartedAt: sql`now() - interval '31 minutes'` }).where(eq(twoFactorCodes.userId, user.id));
      expect((await post(token, '2fa/disable', { password, code: clock.code(secret) })).statusCode).toBe(200);
    });
  });

  describe('email codes', () => {
    it('sends a 6-digit code (again only after 60 s) and turns on with it', async () => {
      const { token, user, email } = await signUp(app());
      const sent = await post(token, '2fa/email/send');
      expect(sent.json()).toEqual({ status: 'success', message: 'We sent a code to your email.' });
      const code = mailer.twoFactorCodeFor(email, 'settings');
      expect(code).toMatch(/^\d{6}$/);
      const again = await post(token, '2fa/email/send');
      expect(again.statusCode).toBe(429);
      expect(mailer.twoFactorCodes.filter((item) => item.email === email)).toHaveLength(1);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      expect((await post(token, '2fa/email/enable', { code: wrong })).json().message).toBe('Invalid code.');
      const on = await post(token, '2fa/email/enable', { code });
      expect(on.statusCode).toBe(200);
      expect(on.json().data.user.two_factor).toBe('email');
      expect(await changes(user.id)).toEqual([{ method: 'email' }]);
      // Used up.
      await db().update(twoFactorCodes).set({ sentAt: sql`now() - interval '61 seconds'` }).where(eq(twoFactorCodes.userId, user.id));
      expect((await post(token, '2fa/disable', { password: 'correct horse 1', code })).json().message).toBe('Invalid code.');
      expect((await post(token, '2fa/email/send')).statusCode).toBe(200);
      const offCode = mailer.twoFactorCodeFor(email, 'settings');
      const off = await post(token, '2fa/disable', { password: 'correct horse 1', code: offCode });
      expect(off.statusCode).toBe(200);
      expect(off.json().data.user.two_factor).toBe('off');
    });

    it('refuses a code after 30 minutes', async () => {
      const { token, user, email } = await signUp(app());
      await post(token, '2fa/email/send');
      await db().update(twoFactorCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(twoFactorCodes.userId, user.id));
      const response = await post(token, '2fa/email/enable', { code: mailer.twoFactorCodeFor(email, 'settings') });
      expect(response.statusCode).toBe(422);
      expect((await db().select().from(users).where(eq(users.id, user.id)))[0]!.twoFactorMethod).toBe('off');
    });

    it('voids the code after 5 wrong tries, and a new code gives no tries back', async () => {
      const { token, user, email } = await signUp(app());
      await post(token, '2fa/email/send');
      const code = mailer.twoFactorCodeFor(email, 'settings');
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      for (let i = 0; i < 5; i++) expect((await post(token, '2fa/email/enable', { code: wrong })).statusCode).toBe(422);
      expect((await post(token, '2fa/email/enable', { code })).statusCode).toBe(429);
      await db().update(twoFactorCodes).set({ sentAt: sql`now() - interval '61 seconds'` }).where(eq(twoFactorCodes.userId, user.id));
      await post(token, '2fa/email/send');
      expect((await post(token, '2fa/email/enable', { code: mailer.twoFactorCodeFor(email, 'settings') })).statusCode).toBe(429);
    });

    it('is not offered to an authenticator user', async () => {
      const { token } = await signUp(app());
      await turnOnTotp(app(), token, (s) => clock.code(s));
      expect((await post(token, '2fa/email/send')).statusCode).toBe(409);
      expect((await post(token, '2fa/email/enable', { code: '123456' })).statusCode).toBe(409);
    });
  });

  it('answers 401 without a session', async () => {
    for (const url of ['2fa/totp/setup', '2fa/totp/enable', '2fa/email/send', '2fa/email/enable', '2fa/disable']) {
      expect((await postAs(app(), undefined, url, { code: '123456' })).statusCode).toBe(401);
    }
  });
});
