import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import { bearer, captureMailer, signUp, type SignedUp } from '../../test/accounts';
import { useTestApp } from '../../test/build-test-app';
import { deviceOf } from './signed-in-sessions';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';
const NOT_FOUND = { status: 'error', code: 'session_not_found', message: 'Session not found.' };

describe(`where you're signed in, on ${kind}`, () => {
  const mailer = captureMailer();
  const { app, db } = useTestApp({ mailer });

  const signUpWith = (userAgent: string) => signUp(app(), {}, { from: '203.0.113.7' }).then(async (user) => {
    await db().update(sessions).set({ userAgent }).where(eq(sessions.userId, user.user.id));
    return user;
  });
  /** Signs in again as `user` from another browser; answers its session token. */
  async function signInElsewhere(user: SignedUp, userAgent: string, ip = '198.51.100.20'): Promise<string> {
    const response = await app().inject({
      method: 'POST',
      url: '/api/user/Login',
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
      payload: { email: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(200);
    return response.cookies.find((cookie) => cookie.name === 'auth_token')!.value;
  }
  const list = (token: string) => app().inject({ method: 'GET', url: '/api/user/sessions', headers: bearer(token) });
  const signOut = (token: string, id: number | string) => app().inject({ method: 'DELETE', url: `/api/user/sessions/${id}`, headers: bearer(token) });
  const revokeOthers = (token: string) => app().inject({ method: 'POST', url: '/api/user/sessions/revoke-others', headers: bearer(token) });
  const profileStatus = async (token: string) => (await app().inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(token) })).statusCode;

  it('lists the live sessions with device, address, times and which is this one (this one first)', async () => {
    const user = await signUpWith(CHROME_WINDOWS);
    const phone = await signInElsewhere(user, SAFARI_IPHONE, '198.51.100.21');
    const response = await list(user.token);
    expect(response.statusCode).toBe(200);
    const { status, data } = response.json();
    expect(status).toBe('success');
    expect(data).toEqual([
      { id: expect.any(Number), device: 'Chrome on Windows', ip: '203.0.113.7', created_at: expect.any(String), last_seen_at: expect.any(String), current: true },
      { id: expect.any(Number), device: 'Safari on iPhone', ip: '198.51.100.21', created_at: expect.any(String), last_seen_at: expect.any(String), current: false },
    ]);
    expect(Number.isNaN(Date.parse(data[0].created_at))).toBe(false);
    const fromPhone = (await list(phone)).json().data as Array<{ device: string; current: boolean }>;
    expect(fromPhone.map(({ device, current }) => [device, current])).toEqual([
      ['Safari on iPhone', true],
      ['Chrome on Windows', false],
    ]);
  });

  it('leaves out revoked and expired sessions, and never shows another user\'s', async () => {
    const user = await signUpWith(CHROME_WINDOWS);
    const stranger = await signUpWith(FIREFOX_LINUX);
    const expired = await signInElsewhere(user, SAFARI_IPHONE);
    const expiredId = (await list(expired)).json().data[0].id as number;
    await db().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, expiredId));
    await app().inject({ method: 'POST', url: '/api/user/logout', headers: bearer(await signInElsewhere(user, FIREFOX_LINUX)) });
    const ids = ((await list(user.token)).json().data as Array<{ id: number }>).map((row) => row.id);
    expect(ids).toHaveLength(1);
    expect(ids).not.toContain(expiredId);
    expect(((await list(stranger.token)).json().data as unknown[]).length).toBe(1);
  });

  it('signs one session out: its next call gets 401, the others stay signed in', async () => {
    const user = await signUpWith(CHROME_WINDOWS);
    const phone = await signInElsewhere(user, SAFARI_IPHONE);
    const laptop = await signInElsewhere(user, FIREFOX_LINUX);
    const phoneId = (await list(phone)).json().data[0].id as number;
    const response = await signOut(user.token, phoneId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success', message: 'Signed out of that device.' });
    expect(await profileStatus(phone)).toBe(401);
    expect((await list(phone)).statusCode).toBe(401);
    expect(await profileStatus(user.token)).toBe(200);
    expect(await profileStatus(laptop)).toBe(200);
    // Gone from the list; signing it out again: not found.
    expect(((await list(user.token)).json().data as Array<{ id: number }>).map((row) => row.id)).not.toContain(phoneId);
    expect((await signOut(user.token, phoneId)).json()).toEqual(NOT_FOUND);
  });

  it("answers 404 for another user's session and changes nothing", async () => {
    const owner = await signUpWith(CHROME_WINDOWS);
    const stranger = await signUpWith(FIREFOX_LINUX);
    const ownerSessionId = (await list(owner.token)).json().data[0].id as number;
    const response = await signOut(stranger.token, ownerSessionId);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
    expect(await profileStatus(owner.token)).toBe(200);
    const [row] = await db().select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.id, ownerSessionId));
    expect(row!.revokedAt).toBeNull();
  });

  it.each([['an unknown id', '999999999'], ['zero', '0'], ['a negative id', '-1'], ['letters', 'abc'], ['a decimal', '1.5'], ['SQL', "1%20OR%201=1"], ['a huge number', '9'.repeat(40)]])(
    'answers 404 for %s',
    async (_, id) => {
      const user = await signUpWith(CHROME_WINDOWS);
      const response = await signOut(user.token, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
      expect(await profileStatus(user.token)).toBe(200);
    },
  );

  it('signing out this very session signs this browser out', async () => {
    const user = await signUpWith(CHROME_WINDOWS);
    const id = (await list(user.token)).json().data[0].id as number;
    const response = await signOut(user.token, id);
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((cookie) => cookie.name === 'auth_token')?.value).toBe('');
    expect(await profileStatus(user.token)).toBe(401);
  });

  it('signs out everywhere else: every other session gets 401, this one stays; another user keeps theirs', async () => {
    const user = await signUpWith(CHROME_WINDOWS);
    const others = [await signInElsewhere(user, SAFARI_IPHONE), await signInElsewhere(user, FIREFOX_LINUX)];
    const bystander = await signUpWith(FIREFOX_LINUX);
    const response = await revokeOthers(user.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success', message: 'Signed out everywhere else.' });
    for (const token of others) expect(await profileStatus(token)).toBe(401);
    expect(await profileStatus(user.token)).toBe(200);
    expect(await profileStatus(bystander.token)).toBe(200);
    expect((await list(user.token)).json().data).toEqual([expect.objectContaining({ current: true })]);
  });

  it('needs a signed-in user: 401 without a session', async () => {
    expect((await app().inject({ method: 'GET', url: '/api/user/sessions' })).statusCode).toBe(401);
    expect((await app().inject({ method: 'DELETE', url: '/api/user/sessions/1' })).statusCode).toBe(401);
    expect((await app().inject({ method: 'POST', url: '/api/user/sessions/revoke-others' })).statusCode).toBe(401);
  });

  it.each([
    [CHROME_WINDOWS, 'Chrome on Windows'],
    [SAFARI_IPHONE, 'Safari on iPhone'],
    [FIREFOX_LINUX, 'Firefox on Linux'],
    ['curl/8.5.0', 'Unknown browser'],
    [null, 'Unknown browser'],
  ])('names the device of %s "%s"', (userAgent, device) => {
    expect(deviceOf(userAgent)).toBe(device);
  });

  it.each([
    ['de', 'Chrome auf Windows', 'Unbekannter Browser'],
    ['fr', 'Chrome sous Windows', 'Navigateur inconnu'],
  ] as const)('names devices in %s', (locale, known, unknown) => {
    expect(deviceOf(CHROME_WINDOWS, locale)).toBe(known);
    expect(deviceOf(null, locale)).toBe(unknown);
  });

  it('lists the devices in the reader’s language: theirs, else the request’s', async () => {
    const user = await signUpWith(CHROME_WINDOWS);
    await signInElsewhere(user, 'curl/8.5.0');
    const devicesIn = async (headers: Record<string, string>) =>
      (await app().inject({ method: 'GET', url: '/api/user/sessions', headers: { ...bearer(user.token), ...headers } })).json().data.map((session: { device: string }) => session.device);
    expect(await devicesIn({ 'accept-language': 'de-DE,de;q=0.9' })).toEqual(['Chrome auf Windows', 'Unbekannter Browser']);
    expect(await devicesIn({})).toEqual(['Chrome on Windows', 'Unknown browser']);
    await app().inject({ method: 'PUT', url: '/api/user/language', headers: bearer(user.token), payload: { language: 'fr' } });
    expect(await devicesIn({ 'accept-language': 'de' })).toEqual(['Chrome sous Windows', 'Navigateur inconnu']);
  });
});

describe(`the "new sign-in" email on ${kind}`, () => {
  const mailer = captureMailer();
  const { app } = useTestApp({ mailer });

  const signIn = (user: SignedUp) =>
    app().inject({ method: 'POST', url: '/api/user/Login', headers: { 'user-agent': FIREFOX_LINUX }, remoteAddress: '198.51.100.9', payload: { email: user.email, password: user.password } });
  const emailsTo = (email: string) => mailer.notifications.filter((message) => message.email === email);
  async function settled(email: string, count: number) {
    for (let waited = 0; emailsTo(email).length < count && waited < 2_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    // Long enough for a mail that should not come to have come.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return emailsTo(email);
  }

  it('emails "New sign-in to your account" with the browser and address for a device new to the account', async () => {
    const user = await signUp(app());
    expect((await signIn(user)).statusCode).toBe(200);
    const [email, ...more] = await settled(user.email, 1);
    expect(more).toEqual([]);
    expect(email!.subject).toBe('Earnly: New sign-in to your account');
    expect(email!.text).toContain('Firefox on Linux');
    expect(email!.text).toContain('198.51.100.9');
    expect(email!.text).toContain('Email me about security');
  });

  it("writes it in the user's language, else in the language of the browser that signed in", async () => {
    const german = await signUp(app());
    await app().inject({ method: 'PUT', url: '/api/user/language', headers: bearer(german.token), payload: { language: 'de' } });
    expect((await signIn(german)).statusCode).toBe(200);
    const [inGerman] = await settled(german.email, 1);
    expect(inGerman!.subject).toBe('Earnly: Neue Anmeldung in deinem Konto');
    expect(inGerman!.text).toContain('Angemeldet mit Firefox auf Linux von 198.51.100.9.');
    expect(inGerman!.text).toContain('weil „E-Mails zur Sicherheit“ in deinen Earnly-Einstellungen aktiviert ist');

    const undecided = await signUp(app());
    const fromFrance = await app().inject({
      method: 'POST',
      url: '/api/user/Login',
      headers: { 'user-agent': FIREFOX_LINUX, 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' },
      remoteAddress: '198.51.100.9',
      payload: { email: undecided.email, password: undecided.password },
    });
    expect(fromFrance.statusCode).toBe(200);
    const [inFrench] = await settled(undecided.email, 1);
    expect(inFrench!.subject).toBe('Earnly : Nouvelle connexion à votre compte');
  });

  it('sends none from the browser the account was made in', async () => {
    const user = await signUp(app());
    const known = await app().inject({ method: 'POST', url: '/api/user/Login', cookies: { device_id: user.device }, payload: { email: user.email, password: user.password } });
    expect(known.statusCode).toBe(200);
    expect(await settled(user.email, 1)).toEqual([]);
  });

  it('sends none when "Email me about security" is off (the notification is still in the list)', async () => {
    const user = await signUp(app());
    const off = await app().inject({ method: 'POST', url: '/api/user/email-preferences', headers: bearer(user.token), payload: { security: false } });
    expect(off.statusCode).toBe(200);
    expect((await signIn(user)).statusCode).toBe(200);
    expect(await settled(user.email, 1)).toEqual([]);
    const list = await app().inject({ method: 'GET', url: '/api/notifications', headers: bearer(user.token) });
    expect(list.json().data.items).toEqual([expect.objectContaining({ kind: 'new_sign_in', title: 'New sign-in to your account' })]);
  });
});
