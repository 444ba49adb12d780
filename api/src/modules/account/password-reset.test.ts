import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { passwordResetCodes } from '../../db/schema';
import { bearer, captureMailer, signUp, uniqueEmail } from '../../test/accounts';
import { buildTestApp } from '../../test/build-test-app';
import { useTestDatabase } from '../../test/test-database';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const SENT = { status: 'success', message: 'OTP code sent to your email successfully!' };
const VERIFIED = { status: 'success', message: 'OTP verified successfully.' };
const RESET = { status: 'success', message: 'Password reset successfully! You can now sign in with your new password.' };
const INVALID = { status: 'error', code: 'invalid_otp', message: 'Invalid OTP code' };
const TOO_MANY = { status: 'error', code: 'too_many_wrong_reset_codes', message: 'Too many wrong codes for this account today. Please try again tomorrow.' };

/** A six-digit code that is not `code`. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe(`password reset on ${kind}`, () => {
  const database = useTestDatabase();
  const mailer = captureMailer();
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ database: database(), mailer, env: { RATE_LIMITS: 'off' } });
  });
  afterAll(() => app.close());

  const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url: `/api/user/${url}`, payload: payload as object });

  async function userWithCode() {
    const user = await signUp(app);
    expect((await post('forgot-password', { email: user.email })).json()).toEqual(SENT);
    return { ...user, code: mailer.codeFor(user.email) };
  }

  it('sends a 6-digit code and answers the same for an unknown email (which gets nothing)', async () => {
    const { code, email } = await userWithCode();
    expect(code).toMatch(/^\d{6}$/);
    const unknown = uniqueEmail('ghost');
    const before = mailer.sent.length;
    const response = await post('forgot-password', { email: unknown });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(SENT);
    expect(mailer.sent).toHaveLength(before);
    const [stored] = await database().db.select().from(passwordResetCodes);
    expect(stored?.codeHash).not.toContain(code);
    expect(email).toBeTruthy();
  });

  it('verifies the right code (email in any case) without using it up, then resets the password with it', async () => {
    const { email, code, password } = await userWithCode();
    expect((await post('verify-otp', { email: email.toUpperCase(), otp: ` ${code} ` })).json()).toEqual(VERIFIED);
    expect((await post('verify-otp', { email, otp: code })).json()).toEqual(VERIFIED);
    const reset = await post('reset-password', { email, otp: code, password: 'newpass', password_confirmation: 'newpass' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual(RESET);
    expect((await post('Login', { email, password })).statusCode).toBe(401);
    expect((await post('Login', { email, password: 'newpass' })).statusCode).toBe(200);
  });

  it('uses the code once: a second reset with it fails', async () => {
    const { email, code } = await userWithCode();
    expect((await post('reset-password', { email, otp: code, password: 'first1', password_confirmation: 'first1' })).statusCode).toBe(200);
    const again = await post('reset-password', { email, otp: code, password: 'second2', password_confirmation: 'second2' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID);
    expect((await post('verify-otp', { email, otp: code })).json()).toEqual(INVALID);
  });

  it('signs the user out everywhere when the password is reset', async () => {
    const { email, code, token } = await userWithCode();
    expect((await app.inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(token) })).statusCode).toBe(200);
    await post('reset-password', { email, otp: code, password: 'brandnew', password_confirmation: 'brandnew' });
    expect((await app.inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('answers 400 "Invalid OTP code" for a wrong code and for an email without a code', async () => {
    const { email, code } = await userWithCode();
    const wrong = await post('verify-otp', { email, otp: otherCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(INVALID);
    expect((await post('verify-otp', { email: uniqueEmail('none'), otp: '123456' })).json()).toEqual(INVALID);
  });

  it('kills the code after 5 wrong tries: even the right code fails then', async () => {
    const { email, code } = await userWithCode();
    for (let i = 0; i < 5; i++) expect((await post('verify-otp', { email, otp: otherCode(code) })).statusCode).toBe(400);
    expect((await post('verify-otp', { email, otp: code })).json()).toEqual(INVALID);
    expect((await post('reset-password', { email, otp: code, password: 'abcdef', password_confirmation: 'abcdef' })).statusCode).toBe(400);
  });

  it('counts wrong codes given to reset-password as tries too', async () => {
    const { email, code } = await userWithCode();
    for (let i = 0; i < 5; i++) {
      expect((await post('reset-password', { email, otp: otherCode(code), password: 'abcdef', password_confirmation: 'abcdef' })).statusCode).toBe(400);
    }
    expect((await post('verify-otp', { email, otp: code })).json()).toEqual(INVALID);
  });

  it('lets a code expire after 10 minutes', async () => {
    const { email, code, user } = await userWithCode();
    const [row] = await database().db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id));
    const lifetimeMs = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(lifetimeMs).toBeGreaterThanOrEqual(10 * 60_000 - 1000);
    expect(lifetimeMs).toBeLessThanOrEqual(10 * 60_000 + 1000);
    await database()
      .db.update(passwordResetCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetCodes.userId, user.id));
    expect((await post('verify-otp', { email, otp: code })).json()).toEqual(INVALID);
  });

  it('replaces the old code with a new request (and gives fresh tries)', async () => {
    const { email, code: first } = await userWithCode();
    for (let i = 0; i < 4; i++) await post('verify-otp', { email, otp: otherCode(first) });
    await post('forgot-password', { email });
    const second = mailer.codeFor(email);
    if (second !== first) expect((await post('verify-otp', { email, otp: first })).json()).toEqual(INVALID);
    expect((await post('verify-otp', { email, otp: second })).json()).toEqual(VERIFIED);
  });

  it('caps wrong codes at 10 a day per account: asking for a new code gives no tries back', async () => {
    const { email, code: first } = await userWithCode();
    for (let i = 0; i < 5; i++) expect((await post('verify-otp', { email, otp: otherCode(first) })).json()).toEqual(INVALID);
    await post('forgot-password', { email });
    const second = mailer.codeFor(email);
    for (let i = 0; i < 5; i++) expect((await post('verify-otp', { email, otp: otherCode(second) })).json()).toEqual(INVALID);

    // The day's tries are used up: even the right code is refused, and no new code goes out.
    const refused = await post('verify-otp', { email, otp: second });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    const sentBefore = mailer.sent.length;
    expect((await post('forgot-password', { email })).json()).toEqual(SENT);
    expect(mailer.sent).toHaveLength(sentBefore);
    const reset = await post('reset-password', { email, otp: second, password: 'abcdef', password_confirmation: 'abcdef' });
    expect(reset.statusCode).toBe(429);
    expect(reset.json()).toEqual(TOO_MANY);
  });

  it('opens a new window 24 hours after it began: codes go out and work again', async () => {
    const { email, code, user } = await userWithCode();
    for (let i = 0; i < 10; i++) {
      await post('verify-otp', { email, otp: otherCode(code) });
      if (i === 4) await post('forgot-password', { email });
    }
    expect((await post('verify-otp', { email, otp: mailer.codeFor(email) })).statusCode).toBe(429);
    const dayAgo = new Date(Date.now() - 24 * 3600_000 - 60_000);
    await database().db.update(passwordResetCodes).set({ windowStartedAt: dayAgo }).where(eq(passwordResetCodes.userId, user.id));

    await post('forgot-password', { email });
    expect((await post('verify-otp', { email, otp: mailer.codeFor(email) })).json()).toEqual(VERIFIED);
    const [row] = await database().db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id));
    expect(row).toMatchObject({ codesSent: 1, wrongTries: 0 });
  });

  it('mails at most 10 codes a day per account; the last one mailed keeps working', async () => {
    const { email } = await userWithCode();
    for (let i = 1; i < 10; i++) await post('forgot-password', { email });
    const tenth = mailer.codeFor(email);
    const sentBefore = mailer.sent.length;
    const eleventh = await post('forgot-password', { email });
    expect(eleventh.statusCode).toBe(200);
    expect(eleventh.json()).toEqual(SENT);
    expect(mailer.sent).toHaveLength(sentBefore);
    expect((await post('verify-otp', { email, otp: tenth })).json()).toEqual(VERIFIED);
  });

  it('ends the window when a code is used: the next request gets a code at once', async () => {
    const { email } = await userWithCode();
    for (let i = 1; i < 10; i++) await post('forgot-password', { email });
    const code = mailer.codeFor(email);
    expect((await post('reset-password', { email, otp: code, password: 'fresh1', password_confirmation: 'fresh1' })).statusCode).toBe(200);
    const sentBefore = mailer.sent.length;
    await post('forgot-password', { email });
    expect(mailer.sent).toHaveLength(sentBefore + 1);
  });

  it('under concurrent requests for codes mails exactly 10 (real races on PostgreSQL)', async () => {
    const user = await signUp(app);
    await Promise.all(Array.from({ length: 25 }, () => post('forgot-password', { email: user.email })));
    expect(mailer.sent.filter((item) => item.email === user.email)).toHaveLength(10);
  });

  it('validates the reset: 6-digit otp, password of at least 6 characters, matching confirmation', async () => {
    const response = await post('reset-password', { email: 'x@y.co', otp: '12a', password: 'abc', password_confirmation: 'abd' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      otp: ['The otp must be 6 digits.'],
      password: ['The password must be at least 6 characters.'],
      password_confirmation: ['The password confirmation does not match.'],
    });
    const empty = await post('verify-otp', {});
    expect(empty.json().errors).toEqual({ email: ['The email field is required.'], otp: ['The otp field is required.'] });
  });

  it('under concurrent wrong guesses evaluates at most 5 (real races on PostgreSQL)', async () => {
    const { email, code, user } = await userWithCode();
    const guesses = Array.from({ length: 30 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((otp) => post('verify-otp', { email, otp })));
    expect(answers.every((answer) => answer.statusCode === 400)).toBe(true);
    const [row] = await database().db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id));
    expect(row).toMatchObject({ attempts: 5, wrongTries: 5 });
    expect((await post('verify-otp', { email, otp: code })).json()).toEqual(INVALID);
  });

  it('under concurrent resets with the right code lets exactly one through (real races on PostgreSQL)', async () => {
    const { email, code } = await userWithCode();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post('reset-password', { email, otp: code, password: `parallel${i}`, password_confirmation: `parallel${i}` })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(7);
  });
});

describe(`password reset limits per address on ${kind}`, () => {
  const database = useTestDatabase();
  const mailer = captureMailer();
  let app: FastifyInstance;
  const STRANGER = '203.0.113.9';
  const OWNER = '198.51.100.7';

  beforeAll(async () => {
    app = await buildTestApp({ database: database(), mailer, env: { RATE_LIMITS: 'forgot=5/15m,otp=3/15m' } });
  });
  afterAll(() => app.close());

  const postFrom = (remoteAddress: string, url: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api/user/${url}`, payload, remoteAddress });

  it("refuses a stranger's sixth code request for someone's email, while the owner's own request still gets a code", async () => {
    const owner = await signUp(app);
    for (let i = 0; i < 5; i++) expect((await postFrom(STRANGER, 'forgot-password', { email: owner.email })).statusCode).toBe(200);
    expect((await postFrom(STRANGER, 'forgot-password', { email: owner.email })).statusCode).toBe(429);

    const sentBefore = mailer.sent.length;
    const own = await postFrom(OWNER, 'forgot-password', { email: owner.email });
    expect(own.statusCode).toBe(200);
    expect(mailer.sent).toHaveLength(sentBefore + 1);
    expect((await postFrom(OWNER, 'verify-otp', { email: owner.email, otp: mailer.codeFor(owner.email) })).json()).toEqual(VERIFIED);
  });

  it("refuses a stranger's fourth guess from one address, while the owner's right code still works", async () => {
    const owner = await signUp(app);
    await postFrom(OWNER, 'forgot-password', { email: owner.email });
    const code = mailer.codeFor(owner.email);
    for (let i = 0; i < 3; i++) expect((await postFrom(STRANGER, 'verify-otp', { email: owner.email, otp: otherCode(code) })).statusCode).toBe(400);
    expect((await postFrom(STRANGER, 'verify-otp', { email: owner.email, otp: code })).statusCode).toBe(429);
    expect((await postFrom(OWNER, 'verify-otp', { email: owner.email, otp: code })).json()).toEqual(VERIFIED);
  });
});
