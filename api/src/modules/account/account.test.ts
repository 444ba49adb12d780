import { eq } from 'drizzle-orm';
import { AUTH_COOKIE } from '@rewards/shared/constants';
import { ledgerEntries, sessions, users } from '../../db/schema';
import { bearer, sessionCookieOf, signUp, uniqueEmail, withCookie } from '../../test/accounts';
import { buildTestApp, useTestApp } from '../../test/build-test-app';
import { appendLedgerEntry } from '../ledger/ledger';
import { DEVICE_COOKIE } from './known-devices';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`account calls on ${kind}`, () => {
  const { database, app } = useTestApp();

  const post = (url: string, payload?: unknown, headers: Record<string, string> = {}, cookies: Record<string, string> = {}) =>
    app().inject({ method: 'POST', url: `/api/user/${url}`, payload: payload as object, headers, cookies });

  describe('POST /api/user/Register', () => {
    it('creates the user, signs them in with an HttpOnly SameSite=Lax cookie for 30 days and answers the profile', async () => {
      const email = uniqueEmail('ada');
      const response = await post('Register', { name: 'Ada', email, password: 'secret123', password_confirmation: 'secret123' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        status: 'success',
        message: 'Registration successful.',
        data: {
          user: {
            id: expect.any(Number),
            name: 'Ada',
            email,
            email_verified: false,
            two_factor: 'off',
            has_password: true,
            image: null,
            avatar: null,
            wallet: '0.00',
            pending_wallet: '0.00',
            total_earnings: '0.00',
            referrals_count: 0,
            completed_offers: 0,
            earnings_last_30_days: '0.00',
            referral_code: expect.stringMatching(/^[2-9A-HJKMNP-Z]{8}$/),
            unread_notifications: 0,
            email_preferences: { cashouts: true, tickets: true, security: true },
            staff_role: null,
            language: null,
          },
        },
      });
      const cookie = response.cookies.find((item) => item.name === AUTH_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 60 * 60 });
      expect(cookie?.secure).toBeFalsy();
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(response.body).not.toContain(cookie?.value);
    });

    it('stores an argon2id hash and only the SHA-256 of the session token', async () => {
      const { token, user } = await signUp(app());
      const [row] = await database().db.select().from(users).where(eq(users.id, user.id));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      const stored = await database().db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored[0]?.tokenHash).not.toContain(token);
      expect(stored[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    });

    it('trims and lowercases the email', async () => {
      const email = uniqueEmail('Mixed');
      const response = await post('Register', { name: ' Bob ', email: `  ${email.toUpperCase()} `, password: 'secret123', password_confirmation: 'secret123' });
      expect(response.statusCode).toBe(201);
      expect(response.json().data.user).toMatchObject({ email: email.toLowerCase(), name: 'Bob' });
    });

    it('answers 422 with a message per field for an empty body', async () => {
      const response = await post('Register', {});
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        status: 'error',
        code: 'validation_failed',
        message: 'The name field is required.',
        errors: {
          name: ['The name field is required.'],
          email: ['The email field is required.'],
          password: ['The password field is required.'],
          password_confirmation: ['The password confirmation field is required.'],
        },
        field_codes: { name: [{ code: 'required' }], email: [{ code: 'required' }], password: [{ code: 'required' }], password_confirmation: [{ code: 'required' }] },
      });
    });

    it('says "The email must be a valid email address.", "at least 8 characters" and "confirmation does not match"', async () => {
      const response = await post('Register', { name: 'Al', email: 'not-an-email', password: 'short', password_confirmation: 'other' });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        email: ['The email must be a valid email address.'],
        password: ['The password must be at least 8 characters.'],
        password_confirmation: ['The password confirmation does not match.'],
      });
    });

    it('says "The email has already been taken." whatever the case of the email', async () => {
      const { email } = await signUp(app());
      const response = await post('Register', { name: 'Again', email: email.toUpperCase(), password: 'secret123', password_confirmation: 'secret123' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        status: 'error',
        code: 'email_taken',
        message: 'The email has already been taken.',
        errors: { email: ['The email has already been taken.'] },
        field_codes: { email: [{ code: 'email_taken' }] },
      });
    });

    it('gives one of two simultaneous sign-ups with the same email the account and the other a 422', async () => {
      const email = uniqueEmail('race');
      const payload = { name: 'Race', email, password: 'secret123', password_confirmation: 'secret123' };
      const answers = await Promise.all([post('Register', payload), post('Register', payload), post('Register', payload)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422, 422]);
    });

    it('links the referrer of a known referral code (any case) and ignores an unknown one', async () => {
      const referrer = await signUp(app());
      const friend = await signUp(app(), { referral_code: ` ${referrer.user.referral_code.toLowerCase()} ` });
      const stranger = await signUp(app(), { referral_code: 'ZZZZZZZZ' });
      const oddType = await signUp(app(), { referral_code: 42 as unknown as string });
      const rows = await database().db.select({ id: users.id, referredBy: users.referredBy }).from(users);
      const referredBy = new Map(rows.map((row) => [row.id, row.referredBy]));
      expect(referredBy.get(friend.user.id)).toBe(referrer.user.id);
      expect(referredBy.get(stranger.user.id)).toBeNull();
      expect(referredBy.get(oddType.user.id)).toBeNull();

      const profile = await post('Profile', undefined, bearer(referrer.token));
      expect(profile.json().data.referrals_count).toBe(1);
    });

    it('gives every user a different referral code', async () => {
      const codes = await Promise.all(Array.from({ length: 5 }, () => signUp(app()).then((user) => user.user.referral_code)));
      expect(new Set(codes).size).toBe(5);
    });
  });

  describe('names', () => {
    const NAME_REFUSED = 'The name may not contain control characters or invisible formatting characters (such as text-direction overrides).';
    const HOSTILE_NAMES: Array<[string, string]> = [
      ['a right-to-left override', 'Ada\u202Egnp.exe'],
      ['isolates', '\u2066Ada\u2069'],
      ['a left-to-right embedding', 'Ada\u202A Lovelace'],
      ['a right-to-left mark', 'Ada\u200F'],
      ['a newline', 'Ada\nLovelace'],
      ['a terminal escape', 'Ada\u001b[2J'],
      ['a NUL', 'Ada\u0000'],
      ['a C1 next line', 'Ada\u0085'],
      ['a line separator', 'Ada\u2028Lovelace'],
      ['a zero-width space', 'A\u200Bda'],
    ];

    it.each(HOSTILE_NAMES)('refuses a name with %s at sign-up with a 422 and creates nothing', async (_label, name) => {
      const email = uniqueEmail('bidi');
      const response = await post('Register', { name, email, password: 'secret123', password_confirmation: 'secret123' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ status: 'error', code: 'validation_failed', message: NAME_REFUSED, errors: { name: [NAME_REFUSED] }, field_codes: { name: [{ code: 'invalid_value' }] } });
      expect(await database().db.select().from(users).where(eq(users.email, email))).toEqual([]);
    });

    it.each([
      ['an email local part with dots, plus, hyphens and underscores', 'ada.king+rewards_2-x'],
      ['digits', '1234567'],
      ['accents and other scripts', 'José Müller 王小明 محمد'],
      ['a Persian name with a zero-width non-joiner', 'می\u200Cخواهم'],
    ])('accepts %s', async (_label, name) => {
      const response = await post('Register', { name, email: uniqueEmail('name'), password: 'secret123', password_confirmation: 'secret123' });
      expect(response.statusCode).toBe(201);
      expect(response.json().data.user.name).toBe(name);
    });

    it('accepts the part of an email before the @ as the name, as the landing sign-up sends it', async () => {
      const email = uniqueEmail('first.last+promo_2-x');
      const name = email.split('@')[0]!;
      const response = await post('Register', { name, email, password: 'secret123', password_confirmation: 'secret123' });
      expect(response.statusCode).toBe(201);
      expect(response.json().data.user.name).toBe(name);
    });

    describe('POST /api/user/UpdateProfile', () => {
      it('renames the signed-in user and answers the profile', async () => {
        const { token, user } = await signUp(app());
        const response = await post('UpdateProfile', { name: '  Ada King  ' }, bearer(token));
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ status: 'success', message: 'Profile updated successfully.', data: { user: { ...user, name: 'Ada King' } } });
        expect((await post('Profile', undefined, bearer(token))).json().data.name).toBe('Ada King');
      });

      it('needs a session', async () => {
        const response = await post('UpdateProfile', { name: 'Nobody' });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ status: 'error', code: 'unauthenticated', message: 'Unauthenticated.' });
      });

      it.each(HOSTILE_NAMES)('refuses a name with %s with a 422 and keeps the old name', async (_label, name) => {
        const { token } = await signUp(app(), { name: 'Ada Lovelace' });
        const response = await post('UpdateProfile', { name }, bearer(token));
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({ status: 'error', code: 'validation_failed', message: NAME_REFUSED, errors: { name: [NAME_REFUSED] }, field_codes: { name: [{ code: 'invalid_value' }] } });
        expect((await post('Profile', undefined, bearer(token))).json().data.name).toBe('Ada Lovelace');
      });

      it('refuses an empty, too long or missing name with a message', async () => {
        const { token } = await signUp(app(), { name: 'Ada Lovelace' });
        const answers = await Promise.all([
          post('UpdateProfile', { name: '   ' }, bearer(token)),
          post('UpdateProfile', { name: 'x'.repeat(101) }, bearer(token)),
          post('UpdateProfile', {}, bearer(token)),
          post('UpdateProfile', { name: 42 }, bearer(token)),
        ]);
        expect(answers.map((answer) => answer.json().errors?.name)).toEqual([
          ['The name field is required.'],
          ['The name may not be greater than 100 characters.'],
          ['The name field is required.'],
          ['The name must be a string.'],
        ]);
        expect((await post('Profile', undefined, bearer(token))).json().data.name).toBe('Ada Lovelace');
      });
    });
  });

  describe('POST /api/user/Login', () => {
    it('signs in with the right password (email in any case) and sets a new session cookie', async () => {
      const { email, password, user } = await signUp(app());
      const response = await post('Login', { email: ` ${email.toUpperCase()}`, password });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'success', message: 'Login successful.', data: { user: { id: user.id, email } } });
      const token = sessionCookieOf(response);
      expect((await post('Profile', undefined, bearer(token))).statusCode).toBe(200);
    });

    it('answers 401 "Email or password is incorrect" for a wrong password and for an unknown email', async () => {
      const { email } = await signUp(app());
      for (const payload of [
        { email, password: 'wrong password' },
        { email: uniqueEmail('nobody'), password: 'whatever1' },
      ]) {
        const response = await post('Login', payload);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ status: 'error', code: 'invalid_credentials', message: 'Email or password is incorrect' });
        expect(response.cookies).toEqual([]);
      }
    });

    it('answers 422 for a missing password or a malformed email', async () => {
      const response = await post('Login', { email: 'nope' });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        email: ['The email must be a valid email address.'],
        password: ['The password field is required.'],
      });
    });

    it('marks the cookie Secure when the request came over TLS through a trusted proxy', async () => {
      const proxied = await buildTestApp({ database: database(), env: { TRUST_PROXY: '1', RATE_LIMITS: 'off' } });
      try {
        const { email, password } = await signUp(proxied);
        const response = await proxied.inject({
          method: 'POST',
          url: '/api/user/Login',
          payload: { email, password },
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(response.cookies.find((item) => item.name === AUTH_COOKIE)?.secure).toBe(true);
      } finally {
        await proxied.close();
      }
    });
  });

  describe('the session cookie outside development', () => {
    const productionEnv = {
      APP_SECRET: 'a-production-app-secret-of-some-length',
      PUSHER_SECRET: 'a-production-pusher-secret',
      SMTP_URL: 'smtp://127.0.0.1:1',
      DEMO_WALLS: '0',
      RATE_LIMITS: 'off',
    };

    it.each(['production', 'staging'])('is Secure with NODE_ENV=%s over plain http without any proxy header', async (nodeEnv) => {
      const production = await buildTestApp({ database: database(), env: { ...productionEnv, NODE_ENV: nodeEnv } });
      try {
        const registered = await production.inject({
          method: 'POST',
          url: '/api/user/Register',
          payload: { name: 'Prod', email: uniqueEmail('prod'), password: 'secret123', password_confirmation: 'secret123' },
        });
        expect(registered.statusCode).toBe(201);
        const cookie = registered.cookies.find((item) => item.name === AUTH_COOKIE);
        expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
        expect(registered.cookies.find((item) => item.name === DEVICE_COOKIE)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
        const loggedOut = await production.inject({ method: 'POST', url: '/api/user/logout', cookies: withCookie(cookie!.value) });
        expect(loggedOut.cookies.find((item) => item.name === AUTH_COOKIE)?.secure).toBe(true);
      } finally {
        await production.close();
      }
    });
  });

  describe('POST /api/user/Profile', () => {
    it('answers 401 "Unauthenticated." without a session, with a made-up token and with a malformed header', async () => {
      for (const headers of [{}, bearer('x'.repeat(43)), { authorization: 'Basic abc' }]) {
        const response = await post('Profile', undefined, headers);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ status: 'error', code: 'unauthenticated', message: 'Unauthenticated.' });
      }
    });

    it('accepts the session from the cookie and from a Bearer header', async () => {
      const { token, user } = await signUp(app());
      const byCookie = await post('Profile', undefined, {}, withCookie(token));
      const byBearer = await post('Profile', undefined, bearer(token));
      expect(byCookie.json()).toEqual({ status: 'success', data: user });
      expect(byBearer.json()).toEqual({ status: 'success', data: user });
    });

    it('shows money from the ledger as dollar strings: wallet, total earnings and the last 30 days', async () => {
      const { token, user } = await signUp(app());
      const { db } = database();
      await appendLedgerEntry(db, { userId: user.id, amountCoins: 12_345, kind: 'offer_credit', reference: `t-${user.id}-1` });
      await appendLedgerEntry(db, { userId: user.id, amountCoins: 5_000, kind: 'offer_credit', reference: `t-${user.id}-old` });
      await appendLedgerEntry(db, { userId: user.id, amountCoins: 500, kind: 'referral_bonus', reference: `r-${user.id}` });
      await appendLedgerEntry(db, { userId: user.id, amountCoins: -2_000, kind: 'offer_reversal', reference: `t-${user.id}-1` });
      await appendLedgerEntry(db, { userId: user.id, amountCoins: -3_000, kind: 'cashout', reference: `c-${user.id}` });
      // One credit from two months ago: earned in total, not in the last 30 days.
      await db
        .update(ledgerEntries)
        .set({ createdAt: new Date(Date.now() - 60 * 24 * 3600 * 1000) })
        .where(eq(ledgerEntries.reference, `t-${user.id}-old`));
      await db.update(users).set({ completedOffers: 3 }).where(eq(users.id, user.id));

      const response = await post('Profile', undefined, bearer(token));
      expect(response.json().data).toMatchObject({
        wallet: '12.84', // 12345 + 5000 + 500 - 2000 - 3000 = 12845 coins
        total_earnings: '15.84', // the cashout is not an earning; the reversal takes 2000 back
        earnings_last_30_days: '10.84',
        completed_offers: 3,
      });
    });
  });

  describe('POST /api/user/Session', () => {
    it('answers a visitor 200 with no user: without a session, with a made-up, malformed or revoked token', async () => {
      const { token } = await signUp(app());
      await post('logout', undefined, bearer(token));
      const visitors = [{}, bearer('x'.repeat(43)), { authorization: 'Basic abc' }, bearer(token), { authorization: 'Bearer \u0000' }];
      for (const headers of visitors) {
        const response = await post('Session', undefined, headers);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ status: 'success', data: null });
      }
      const byCookie = await post('Session', undefined, {}, { [AUTH_COOKIE]: "'; DROP TABLE sessions; --" });
      expect(byCookie.json()).toEqual({ status: 'success', data: null });
    });

    it('answers the signed-in user the same profile as Profile, from the cookie and from a Bearer header', async () => {
      const { token, user } = await signUp(app());
      const profile = await post('Profile', undefined, bearer(token));
      for (const response of [await post('Session', undefined, {}, withCookie(token)), await post('Session', undefined, bearer(token))]) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ status: 'success', data: user });
        expect(response.json()).toEqual(profile.json());
      }
    });
  });

  describe('POST /api/user/logout', () => {
    it('revokes the session and clears the cookie; the token no longer works', async () => {
      const { token } = await signUp(app());
      const response = await post('logout', undefined, bearer(token));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'success', message: 'Logged out successfully.' });
      const cleared = response.cookies.find((item) => item.name === AUTH_COOKIE);
      expect(cleared?.value).toBe('');
      expect((await post('Profile', undefined, bearer(token))).statusCode).toBe(401);
    });

    it('revokes only that session: another device stays signed in', async () => {
      const { token, email, password } = await signUp(app());
      const second = sessionCookieOf(await post('Login', { email, password }));
      await post('logout', undefined, {}, withCookie(token));
      expect((await post('Profile', undefined, bearer(token))).statusCode).toBe(401);
      expect((await post('Profile', undefined, bearer(second))).statusCode).toBe(200);
    });

    it('answers 200 without a session too (nothing to revoke)', async () => {
      expect((await post('logout')).statusCode).toBe(200);
    });
  });

  describe('POST /api/user/DeleteAccount', () => {
    it('needs a session', async () => {
      expect((await post('DeleteAccount')).statusCode).toBe(401);
    });

    it('signs out everywhere, removes personal data, keeps the ledger rows and frees the email', async () => {
      const { token, email, password, user } = await signUp(app());
      const other = sessionCookieOf(await post('Login', { email, password }));
      const { db } = database();
      await appendLedgerEntry(db, { userId: user.id, amountCoins: 1000, kind: 'manual_credit', note: 'welcome' });

      const response = await post('DeleteAccount', undefined, bearer(token));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'success', message: 'Your account has been deleted.' });
      expect(response.cookies.find((item) => item.name === AUTH_COOKIE)?.value).toBe('');

      for (const session of [token, other]) expect((await post('Profile', undefined, bearer(session))).statusCode).toBe(401);
      const [row] = await db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({
        name: 'Deleted user',
        email: `deleted-${user.id}`,
        passwordHash: null,
        image: null,
        googleSubject: null,
        deletedAt: expect.any(Date),
      });
      expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id))).toHaveLength(1);
      expect((await post('Login', { email, password })).statusCode).toBe(401);
      expect((await post('Register', { name: 'New', email, password, password_confirmation: password })).statusCode).toBe(201);
    });

    it('deletes an account whose anonymous address someone registered before', async () => {
      const { token, user } = await signUp(app());
      // The address the old scheme gave deleted accounts, taken first by someone else.
      const squatter = await signUp(app(), { email: `deleted-${user.id}@deleted.invalid` });
      const response = await post('DeleteAccount', undefined, bearer(token));
      expect(response.statusCode).toBe(200);
      expect((await post('Profile', undefined, bearer(token))).statusCode).toBe(401);
      expect((await post('Profile', undefined, bearer(squatter.token))).json().data.email).toBe(`deleted-${user.id}@deleted.invalid`);
    });

    it("lets nobody register a deleted account's anonymous address afterwards, nor clash with it", async () => {
      const { token, user } = await signUp(app());
      expect((await post('DeleteAccount', undefined, bearer(token))).statusCode).toBe(200);
      const [row] = await database().db.select().from(users).where(eq(users.id, user.id));
      const taken = await post('Register', { name: 'Copycat', email: row!.email, password: 'secret123', password_confirmation: 'secret123' });
      expect(taken.statusCode).toBe(422);
      expect(taken.json().errors).toEqual({ email: ['The email must be a valid email address.'] });
      const lookalike = await post('Register', { name: 'Copycat', email: `deleted-${user.id}@deleted.invalid`, password: 'secret123', password_confirmation: 'secret123' });
      expect(lookalike.statusCode).toBe(201);
    });

    it('deletes twice in parallel without an error', async () => {
      const { token } = await signUp(app());
      const answers = await Promise.all([post('DeleteAccount', undefined, bearer(token)), post('DeleteAccount', undefined, bearer(token))]);
      for (const answer of answers) expect([200, 401]).toContain(answer.statusCode);
    });
  });
});
