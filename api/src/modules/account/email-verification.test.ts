import { and, eq, sql } from 'drizzle-orm';
import { emailVerificationCodes, notifications, operatorAudit, users } from '../../db/schema';
import { bearer, captureMailer, signUp, type SignedUp } from '../../test/accounts';
import { useTestApp } from '../../test/build-test-app';
import { runOpsCapturing } from '../../test/ops-test-kit';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const VERIFIED = { status: 'success', message: 'Email verified.' };
const INVALID = { status: 'error', code: 'invalid_verification_code', message: 'Invalid or expired code.', errors: { code: ['Invalid or expired code.'] }, field_codes: { code: [{ code: 'invalid_verification_code' }] } };
const SENT = { status: 'success', message: 'We sent a new code to your email.' };
const TOO_SOON = { status: 'error', code: 'code_requested_too_soon', message: 'Please wait a minute before asking for another code.' };

/** A six-digit code that is not `code`. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe(`verified email on ${kind}`, () => {
  const mailer = captureMailer();
  const { app, db, database } = useTestApp({ mailer });

  const verify = (user: SignedUp, code: unknown) =>
    app().inject({ method: 'POST', url: '/api/user/verify-email', headers: bearer(user.token), payload: { code } as object });
  const resend = (user: SignedUp) => app().inject({ method: 'POST', url: '/api/user/verify-email/resend', headers: bearer(user.token) });
  const profile = async (user: SignedUp) =>
    (await app().inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(user.token) })).json().data as { email_verified: boolean };
  const codeRow = async (userId: number) => (await db().select().from(emailVerificationCodes).where(eq(emailVerificationCodes.userId, userId)))[0];
  /** Moves the user's code (and when it was mailed) `seconds` into the past. */
  const age = (userId: number, seconds: number) =>
    db()
      .update(emailVerificationCodes)
      .set({
        sentAt: sql`${emailVerificationCodes.sentAt} - make_interval(secs => ${seconds})`,
        expiresAt: sql`${emailVerificationCodes.expiresAt} - make_interval(secs => ${seconds})`,
      })
      .where(eq(emailVerificationCodes.userId, userId));

  it('mails a 6-digit code at sign-up, stores only its hash, and the user answer says email_verified: false', async () => {
    const user = await signUp(app());
    const code = mailer.verificationCodeFor(user.email);
    expect(code).toMatch(/^\d{6}$/);
    expect(user.user.email_verified).toBe(false);
    const row = await codeRow(user.user.id);
    expect(row).toMatchObject({ attempts: 0, codesSent: 1 });
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000 + 5_000);
  });

  it('verifies with the right code: 200 "Email verified.", email_verified_at set, the code used up, an email_verified notification', async () => {
    const user = await signUp(app());
    const response = await verify(user, ` ${mailer.verificationCodeFor(user.email)} `);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(VERIFIED);
    expect((await profile(user)).email_verified).toBe(true);
    const [row] = await db().select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, user.user.id));
    expect(row!.verifiedAt).toBeInstanceOf(Date);
    expect(await codeRow(user.user.id)).toBeUndefined();
    const kinds = await db().select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, user.user.id));
    expect(kinds).toEqual([{ kind: 'email_verified' }]);
    // Sent again (a double click): still verified, no second notification.
    expect((await verify(user, mailer.verificationCodeFor(user.email))).json()).toEqual(VERIFIED);
    expect(await db().$count(notifications, and(eq(notifications.userId, user.user.id), eq(notifications.kind, 'email_verified')))).toBe(1);
  });

  it('answers 422 "Invalid or expired code." for a wrong code, and changes nothing but the count of tries', async () => {
    const user = await signUp(app());
    const code = mailer.verificationCodeFor(user.email);
    const response = await verify(user, otherCode(code));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(INVALID);
    expect((await profile(user)).email_verified).toBe(false);
    expect((await codeRow(user.user.id))?.attempts).toBe(1);
    expect((await verify(user, code)).json()).toEqual(VERIFIED);
  });

  it('voids the code after 5 wrong tries: the right code no longer works', async () => {
    const user = await signUp(app());
    const code = mailer.verificationCodeFor(user.email);
    for (let attempt = 0; attempt < 5; attempt++) expect((await verify(user, otherCode(code))).statusCode).toBe(422);
    const response = await verify(user, code);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(INVALID);
    expect((await profile(user)).email_verified).toBe(false);
  });

  it('refuses a code older than 30 minutes', async () => {
    const user = await signUp(app());
    await age(user.user.id, 30 * 60 + 1);
    expect((await verify(user, mailer.verificationCodeFor(user.email))).json()).toEqual(INVALID);
    expect((await profile(user)).email_verified).toBe(false);
  });

  it('does not take a password reset code for the email, nor another user\'s code', async () => {
    const ada = await signUp(app());
    const bob = await signUp(app());
    expect((await verify(ada, mailer.verificationCodeFor(bob.email))).statusCode).toBe(422);
    await app().inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email: ada.email } });
    const resetCode = mailer.codeFor(ada.email);
    if (resetCode !== mailer.verificationCodeFor(ada.email)) expect((await verify(ada, resetCode)).statusCode).toBe(422);
    expect((await profile(ada)).email_verified).toBe(false);
  });

  it('resends at most once a minute (429 otherwise); the new code works and the old one stops', async () => {
    const user = await signUp(app());
    const first = mailer.verificationCodeFor(user.email);
    const early = await resend(user);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual(TOO_SOON);
    expect(mailer.verificationCodes.filter((item) => item.email === user.email)).toHaveLength(1);

    await age(user.user.id, 61);
    const later = await resend(user);
    expect(later.statusCode).toBe(200);
    expect(later.json()).toEqual(SENT);
    const second = mailer.verificationCodeFor(user.email);
    expect(mailer.verificationCodes.filter((item) => item.email === user.email)).toHaveLength(2);
    expect((await resend(user)).statusCode).toBe(429);
    if (first !== second) expect((await verify(user, first)).statusCode).toBe(422);
    expect((await verify(user, second)).json()).toEqual(VERIFIED);
  });

  it('gives a new code back its 5 tries, and mails no more than 10 codes a day', async () => {
    const user = await signUp(app());
    for (let attempt = 0; attempt < 5; attempt++) await verify(user, otherCode(mailer.verificationCodeFor(user.email)));
    await age(user.user.id, 61);
    expect((await resend(user)).statusCode).toBe(200);
    expect((await verify(user, mailer.verificationCodeFor(user.email))).json()).toEqual(VERIFIED);

    const other = await signUp(app());
    await db().update(emailVerificationCodes).set({ codesSent: 10 }).where(eq(emailVerificationCodes.userId, other.user.id));
    await age(other.user.id, 61);
    const refused = await resend(other);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: 'error', code: 'too_many_verification_codes', message: 'Too many codes for this account today. Please try again tomorrow.' });
    // A day later the window starts again.
    await db()
      .update(emailVerificationCodes)
      .set({ windowStartedAt: sql`now() - interval '25 hours'` })
      .where(eq(emailVerificationCodes.userId, other.user.id));
    expect((await resend(other)).statusCode).toBe(200);
    expect((await codeRow(other.user.id))?.codesSent).toBe(1);
  });

  it('holds the minute among concurrent resends: one code goes out', async () => {
    const user = await signUp(app());
    await age(user.user.id, 61);
    const answers = await Promise.all(Array.from({ length: 6 }, () => resend(user)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    expect(mailer.verificationCodes.filter((item) => item.email === user.email)).toHaveLength(2);
  });

  it('lets no more than 5 wrong codes be tried when they arrive together', async () => {
    const user = await signUp(app());
    const code = mailer.verificationCodeFor(user.email);
    const guesses = Array.from({ length: 12 }, (_, index) => String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'));
    await Promise.all(guesses.map((guess) => verify(user, guess)));
    expect((await codeRow(user.user.id))?.attempts).toBe(5);
    expect((await verify(user, code)).statusCode).toBe(422);
  });

  it('answers a verified user: resend says so and mails nothing', async () => {
    const user = await signUp(app());
    await verify(user, mailer.verificationCodeFor(user.email));
    const before = mailer.verificationCodes.length;
    const response = await resend(user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success', message: 'Your email is already verified.' });
    expect(mailer.verificationCodes).toHaveLength(before);
  });

  it.each([
    ['no body', undefined],
    ['no code', {}],
    ['5 digits', { code: '12345' }],
    ['7 digits', { code: '1234567' }],
    ['letters', { code: 'abcdef' }],
    ['a number', { code: 123456 }],
    ['an array', { code: ['123456'] }],
    ['SQL', { code: "' OR 1=1 --" }],
  ])('answers 422 for %s and counts no try', async (_, payload) => {
    const user = await signUp(app());
    const response = await app().inject({ method: 'POST', url: '/api/user/verify-email', headers: bearer(user.token), ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBe(422);
    expect((await codeRow(user.user.id))?.attempts).toBe(0);
  });

  it('needs a signed-in user: 401 without a session', async () => {
    expect((await app().inject({ method: 'POST', url: '/api/user/verify-email', payload: { code: '123456' } })).statusCode).toBe(401);
    expect((await app().inject({ method: 'POST', url: '/api/user/verify-email/resend' })).statusCode).toBe(401);
  });

  it('ops users:verify-email verifies by hand (audited with the reason): the code dies, the notification is stored', async () => {
    const user = await signUp(app());
    const code = mailer.verificationCodeFor(user.email);
    const result = await runOpsCapturing(database(), ['users:verify-email', user.email, '--reason', 'answered our support email']);
    expect(result).toMatchObject({ code: 0, out: `${user.email}: email verified` });
    expect((await profile(user)).email_verified).toBe(true);
    expect(await codeRow(user.user.id)).toBeUndefined();
    expect(await db().$count(notifications, and(eq(notifications.userId, user.user.id), eq(notifications.kind, 'email_verified')))).toBe(1);
    const [audit] = await db().select().from(operatorAudit).where(and(eq(operatorAudit.command, 'users:verify-email'), eq(operatorAudit.userId, user.user.id)));
    expect(audit).toMatchObject({ reason: 'answered our support email', outcome: 'done', userEmail: user.email });
    // The code mailed before is of no use any more; the banner's verify just says verified.
    expect((await verify(user, code)).json()).toEqual(VERIFIED);
    expect((await runOpsCapturing(database(), ['users:verify-email', user.email])).code).not.toBe(0);
  });

  it('forgets the code when the account is deleted', async () => {
    const user = await signUp(app());
    await app().inject({ method: 'POST', url: '/api/user/DeleteAccount', headers: bearer(user.token) });
    expect(await codeRow(user.user.id)).toBeUndefined();
  });
});
