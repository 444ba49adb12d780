import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import { captureMailer, signUp } from '../../test/accounts';
import { addStaff, adminCookieOf, asStaff, newStaffMember, setSecondFactorAge, setTwoFactorMethod, SITE_ORIGIN } from '../../test/admin-kit';
import { useTestApp } from '../../test/build-test-app';
import { databaseKind, ops } from '../../test/cashout-test-kit';
import { postAs, turnOnTotp, useTotpClock } from '../../test/two-factor-kit';
import { hashSessionToken } from '../session/session';

const NOT_FOUND = { status: 'error', code: 'not_found', message: 'Not found' };

describe(`the staff console's door on ${databaseKind}`, () => {
  const mailer = captureMailer();
  const { app, database, db } = useTestApp({ mailer });
  const clock = useTotpClock();

  /** A staff member with the authenticator on (a real secret), signed in without a second factor yet. */
  async function staffWithTotp(role: 'support' | 'finance' | 'admin' = 'support') {
    const signedUp = await signUp(app());
    const { secret, recoveryCodes } = await turnOnTotp(app(), signedUp.token, (s) => clock.code(s));
    clock.advance();
    await addStaff(database(), signedUp.email, role);
    return { ...signedUp, secret, recoveryCodes, adminCookie: undefined as string | undefined };
  }

  describe('two-factor', () => {
    it('asks a staff member without two-factor to turn it on in Settings, on every route but the opening ones', async () => {
      const member = await signUp(app());
      await addStaff(database(), member.email, 'admin');
      const overview = await app().inject(asStaff(member, 'GET', '/api/admin/overview'));
      expect(overview.statusCode).toBe(403);
      expect(overview.json()).toEqual({
        status: 'error',
        code: 'staff_two_factor_required',
        method: 'off',
        message: 'Turn on two-factor authentication in Settings to use the staff console.',
      });
      const me = await app().inject(asStaff(member, 'GET', '/api/admin/me'));
      expect(me.json().data).toMatchObject({ staff_role: 'admin', two_factor: 'off', fresh: false, console_session: false, verified_at: null });
      const verify = await app().inject(asStaff(member, 'POST', '/api/admin/verify', { code: '123456' }));
      expect(verify.statusCode).toBe(403);
      expect(verify.json()).toMatchObject({ code: 'staff_two_factor_required', method: 'off' });
      const session = await app().inject(asStaff(member, 'POST', '/api/admin/session'));
      expect(session.json()).toMatchObject({ code: 'staff_two_factor_required', method: 'off' });
      expect(adminCookieOf(session)).toBeUndefined();
    });

    it('asks for a code when the session never passed a second factor, or passed it over 12 hours ago; opens when fresh', async () => {
      const member = await signUp(app());
      await setTwoFactorMethod(database(), member.user.id, 'totp');
      await addStaff(database(), member.email, 'support');
      const tickets = () => app().inject(asStaff(member, 'GET', '/api/admin/tickets'));

      expect((await tickets()).json()).toMatchObject({ code: 'staff_two_factor_required', method: 'totp', message: 'Enter a two-factor code to open the staff console.' });
      await setSecondFactorAge(database(), member.token, 12.01);
      expect((await tickets()).json()).toMatchObject({ code: 'staff_two_factor_required', method: 'totp' });
      expect((await app().inject(asStaff(member, 'POST', '/api/admin/session'))).statusCode).toBe(403);

      await setSecondFactorAge(database(), member.token, 11.9);
      // Fresh, but the console cookie is missing: open the console first.
      expect((await tickets()).json()).toMatchObject({ code: 'staff_console_session_required' });
      const opened = await app().inject(asStaff(member, 'POST', '/api/admin/session'));
      expect(opened.statusCode).toBe(200);
      expect(opened.json().data).toMatchObject({ staff_role: 'support', two_factor: 'totp', fresh: true, console_session: true });
      const cookie = opened.cookies.find((item) => item.name === 'admin_session')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin' });
      // What is left of the 12 hours: about 6 minutes.
      expect(cookie.maxAge).toBeGreaterThan(5 * 60);
      expect(cookie.maxAge).toBeLessThanOrEqual(6 * 60);
      const withCookie = { ...member, adminCookie: cookie.value };
      expect((await app().inject(asStaff(withCookie, 'GET', '/api/admin/tickets'))).statusCode).toBe(200);

      // Later the same cookie is refused once the 12 hours are over.
      await setSecondFactorAge(database(), member.token, 13);
      expect((await app().inject(asStaff(withCookie, 'GET', '/api/admin/tickets'))).json()).toMatchObject({ code: 'staff_two_factor_required' });
    });

    it('opens the console with an authenticator code (not twice the same), a recovery code once, and 5 wrong codes at most', async () => {
      const member = await staffWithTotp('finance');
      const verify = (code: string) => app().inject(asStaff(member, 'POST', '/api/admin/verify', { code }));

      const wrong = await verify('000000');
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual({ status: 'error', code: 'invalid_code', message: 'Invalid code.', errors: { code: ['Invalid code.'] }, field_codes: { code: [{ code: 'invalid_code' }] } });
      const code = clock.code(member.secret);
      const right = await verify(code);
      expect(right.statusCode).toBe(200);
      expect(right.json().data).toMatchObject({ fresh: true, console_session: true, two_factor: 'totp' });
      const cookie = adminCookieOf(right)!;
      const [session] = await db().select().from(sessions).where(eq(sessions.tokenHash, hashSessionToken(member.token)));
      expect(Date.now() - session!.twoFactorAt!.getTime()).toBeLessThan(60_000);
      expect((await app().inject(asStaff({ ...member, adminCookie: cookie }, 'GET', '/api/admin/cashouts'))).statusCode).toBe(200);

      expect((await verify(code)).statusCode).toBe(422);
      const recovery = member.recoveryCodes[0]!;
      expect((await verify(recovery)).statusCode).toBe(200);
      expect((await verify(recovery)).statusCode).toBe(422);
      // A right code starts the count again: one wrong since, four more make five, then even a right code waits.
      for (let i = 0; i < 4; i++) expect((await verify('111111')).statusCode).toBe(422);
      clock.advance();
      const locked = await verify(clock.code(member.secret));
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe('Too many wrong codes. Please try again in 30 minutes.');
    });

    it('opens the console with a code emailed for it, for staff with email codes', async () => {
      const member = await signUp(app());
      expect((await postAs(app(), member.token, '2fa/email/send')).statusCode).toBe(200);
      expect((await postAs(app(), member.token, '2fa/email/enable', { code: mailer.twoFactorCodeFor(member.email, 'settings') })).statusCode).toBe(200);
      await addStaff(database(), member.email, 'support');
      const withoutCode = await app().inject(asStaff(member, 'GET', '/api/admin/tickets'));
      expect(withoutCode.json()).toMatchObject({ code: 'staff_two_factor_required', method: 'email' });

      const sent = await app().inject(asStaff(member, 'POST', '/api/admin/verify/send'));
      expect(sent.statusCode).toBe(200);
      expect((await app().inject(asStaff(member, 'POST', '/api/admin/verify/send'))).statusCode).toBe(429);
      const code = mailer.twoFactorCodeFor(member.email, 'staff');
      expect(code).toMatch(/^\d{6}$/);
      const opened = await app().inject(asStaff(member, 'POST', '/api/admin/verify', { code }));
      expect(opened.statusCode).toBe(200);
      expect((await app().inject(asStaff({ ...member, adminCookie: adminCookieOf(opened) }, 'GET', '/api/admin/tickets'))).statusCode).toBe(200);
      // Used up.
      expect((await app().inject(asStaff(member, 'POST', '/api/admin/verify', { code }))).statusCode).toBe(422);
    });

    it('answers verify/send with 409 for authenticator users: their codes are not emailed', async () => {
      const member = await staffWithTotp();
      const response = await app().inject(asStaff(member, 'POST', '/api/admin/verify/send'));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ status: 'error', code: 'not_email_method', message: 'Your two-factor codes come from your authenticator app.' });
    });
  });

  describe('the console cookie', () => {
    it('is bound to its session: another session of the same staff member, or after sign-out, is refused', async () => {
      const member = await newStaffMember(app(), database(), 'admin');
      const login = await app().inject({ method: 'POST', url: '/api/user/Login', payload: { email: member.email, password: member.password } });
      // Two-factor is on (by method only): the sign-in asks for its second step, no session. A second session by hand:
      expect(login.json().data.two_factor_required).toBe(true);
      const other = await signUp(app());
      const borrowed = await app().inject(asStaff({ token: other.token, adminCookie: member.adminCookie }, 'GET', '/api/admin/overview'));
      expect(borrowed.json()).toEqual(NOT_FOUND);
      await addStaff(database(), other.email, 'admin');
      await setTwoFactorMethod(database(), other.user.id, 'totp');
      await setSecondFactorAge(database(), other.token, 0);
      const stolen = await app().inject(asStaff({ token: other.token, adminCookie: member.adminCookie }, 'GET', '/api/admin/overview'));
      expect(stolen.json()).toMatchObject({ code: 'staff_console_session_required' });

      expect((await app().inject(asStaff(member, 'GET', '/api/admin/overview'))).statusCode).toBe(200);
      await app().inject({ method: 'POST', url: '/api/user/logout', cookies: { auth_token: member.token }, headers: { origin: SITE_ORIGIN } });
      expect((await app().inject(asStaff(member, 'GET', '/api/admin/overview'))).json()).toEqual(NOT_FOUND);
    });

    it('is kept when the console asks again with it; a new one (asked without it) replaces the old one', async () => {
      const member = await newStaffMember(app(), database(), 'support');
      const kept = await app().inject(asStaff(member, 'POST', '/api/admin/session'));
      expect(kept.json().data.console_session).toBe(true);
      expect(adminCookieOf(kept)).toBeUndefined();
      expect((await app().inject(asStaff(member, 'GET', '/api/admin/tickets'))).statusCode).toBe(200);
      const again = await app().inject(asStaff({ ...member, adminCookie: undefined }, 'POST', '/api/admin/session'));
      expect((await app().inject(asStaff(member, 'GET', '/api/admin/tickets'))).json()).toMatchObject({ code: 'staff_console_session_required' });
      expect((await app().inject(asStaff({ ...member, adminCookie: adminCookieOf(again) }, 'GET', '/api/admin/tickets'))).statusCode).toBe(200);
    });
  });

  describe('who is staff', () => {
    it('answers 404 once a staff member is removed, and while their account is blocked', async () => {
      const member = await newStaffMember(app(), database(), 'finance');
      const target = await signUp(app());
      const overview = () => app().inject(asStaff(member, 'GET', '/api/admin/overview'));
      expect((await overview()).statusCode).toBe(200);
      expect((await ops(database(), 'users:status', member.email, 'blocked', '--reason', 'test')).code).toBe(0);
      expect((await overview()).json()).toEqual(NOT_FOUND);
      expect((await ops(database(), 'users:status', member.email, 'active', '--reason', 'test')).code).toBe(0);
      expect((await overview()).statusCode).toBe(200);
      expect((await ops(database(), 'staff:remove', member.email, '--reason', 'left the team')).code).toBe(0);
      expect((await overview()).json()).toEqual(NOT_FOUND);
      const credit = await app().inject(asStaff(member, 'POST', `/api/admin/users/${target.user.id}/credit`, { amount: '1', reason: 'x' }));
      expect(credit.json()).toEqual(NOT_FOUND);
    });
  });

  describe('cross-site writes', () => {
    it.each([
      ['another Origin', { origin: 'https://evil.example' }],
      ['Origin null', { origin: 'null' }],
      ['the same host on another port', { origin: 'http://localhost:8080' }],
      ['https instead of http', { origin: 'https://localhost' }],
      ['Sec-Fetch-Site: cross-site with the right Origin', { origin: SITE_ORIGIN, 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
      ['neither Origin nor Sec-Fetch-Site', {}],
    ])('refuses a write with %s, and changes nothing', async (_label, headers) => {
      const member = await newStaffMember(app(), database(), 'finance');
      const target = await signUp(app());
      const request = asStaff(member, 'POST', `/api/admin/users/${target.user.id}/credit`, { amount: '5', reason: 'goodwill' });
      const response = await app().inject({ ...request, headers: { 'content-type': 'application/json', ...headers } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ status: 'error', code: 'cross_site_refused', message: 'This request came from another site and was refused.' });
      expect((await postAs(app(), target.token, 'Profile')).json().data.wallet).toBe('0.00');
    });

    it('accepts the site origin, or no Origin with Sec-Fetch-Site: same-origin; reads need neither', async () => {
      const member = await newStaffMember(app(), database(), 'finance');
      const target = await signUp(app());
      const credit = (headers: Record<string, string>) =>
        app().inject({ ...asStaff(member, 'POST', `/api/admin/users/${target.user.id}/credit`, { amount: '1', reason: 'goodwill' }), headers: { 'content-type': 'application/json', ...headers } });
      expect((await credit({ origin: SITE_ORIGIN })).statusCode).toBe(200);
      expect((await credit({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
      expect((await credit({ origin: SITE_ORIGIN, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
      expect((await app().inject({ ...asStaff(member, 'GET', '/api/admin/overview'), headers: { origin: 'https://evil.example' } })).statusCode).toBe(200);
    });

    it('checks against PUBLIC_URL when it is set', async () => {
      const { buildTestApp } = await import('../../test/build-test-app');
      const site = await buildTestApp({ database: database(), mailer: captureMailer(), env: { RATE_LIMITS: 'off', PUBLIC_URL: 'https://earnly.example' } });
      try {
        const member = await newStaffMember(site, database(), 'admin', { origin: 'https://earnly.example' });
        const target = await signUp(site);
        const credit = (origin: string) => site.inject({ ...asStaff(member, 'POST', `/api/admin/users/${target.user.id}/credit`, { amount: '1', reason: 'goodwill' }), headers: { 'content-type': 'application/json', origin } });
        expect((await credit(SITE_ORIGIN)).json().code).toBe('cross_site_refused');
        expect((await credit('https://earnly.example')).statusCode).toBe(200);
      } finally {
        await site.close();
      }
    });
  });
});
