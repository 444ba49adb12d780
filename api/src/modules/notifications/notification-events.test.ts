import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { NotificationItem, NotificationsPage } from '@rewards/shared/contracts/notifications';
import { notifications } from '../../db/schema';
import { markEmailVerified } from '../account/repository';
import { bearer, captureMailer, distinctAddress, signUp, type SignedUp, uniqueEmail } from '../../test/accounts';
import { buildTestApp } from '../../test/build-test-app';
import { credit, paypal, store } from '../../test/cashout-test-kit';
import { useTestDatabase } from '../../test/test-database';
import { injectPostback, postbackFields } from '../../test/wall-test-kit';
import { type ChannelListener, listenToNotifications } from '../../test/wallet-listener';
import { DEVICE_COOKIE } from '../referrals/signup-origin';
import { deliverNotifications } from './delivery';
import { notify } from './notify';
import { openTicket } from '../tickets/service';
import { runOpsCapturing } from '../../test/ops-test-kit';

const KEY = 'test-key';
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SITE = 'https://earnly.example';

/**
 * Each notification kind whose event exists, produced by that event, delivered live on the user's private
 * channel and by email as the user's preferences say.
 */
describe(`notifications of real events (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const database = useTestDatabase();
  const db = () => database().db;
  const mailer = captureMailer();
  let app: FastifyInstance;
  let base: string;
  const listeners: Array<ChannelListener<NotificationItem>> = [];

  beforeAll(async () => {
    app = await buildTestApp({
      database: database(),
      mailer,
      env: { RATE_LIMITS: 'off', PUSHER_APP_ID: 'test-app', PUSHER_KEY: KEY, PUSHER_SECRET: 'test-secret', PUBLIC_URL: SITE },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => listeners.splice(0).forEach((listener) => listener.close()));
  afterAll(() => app.close());

  /** Whoever is signed in with `token`. */
  type Session = { token: string; user: { id: number } };

  async function listen(user: Session) {
    const listener = await listenToNotifications(base, KEY, user.token, user.user.id);
    listeners.push(listener);
    return listener;
  }

  /** `pnpm ops …` as the running server runs it: its realtime service and mailer tell the user once committed. */
  const ops = (...argv: string[]) =>
    runOpsCapturing(database(), argv, {
      realtime: app.realtime,
      notificationChannels: { realtime: app.realtime, mailer, siteUrl: SITE },
      invocation: { operator: 'tester', cwd: '/' },
    });

  async function listOf(user: Session): Promise<NotificationsPage> {
    return (await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(user.token) })).json().data;
  }

  const emailsTo = (email: string) => mailer.notifications.filter((sent) => sent.email === email);

  async function pendingCashout(user: SignedUp, dollars = 4) {
    await credit(db(), user.user.id, 10_000);
    await markEmailVerified(db(), user.user.id);
    const response = await store(app, user.token, paypal(dollars));
    expect(response.statusCode).toBe(200);
    return response.json().data.cashout.id as number;
  }

  async function setPreferences(user: SignedUp, preferences: Record<string, unknown>) {
    return app.inject({ method: 'POST', url: '/api/user/email-preferences', headers: bearer(user.token), payload: preferences });
  }

  describe('cashout_rejected (ops cashouts:reject)', () => {
    it('tells the user the amount, the method and the reason: in the list, live, and by email', async () => {
      const user = await signUp(app);
      const id = await pendingCashout(user);
      const live = await listen(user);
      const rejected = await ops('cashouts:reject', String(id), '--reason', 'The PayPal account does not exist');
      expect(rejected.code).toBe(0);

      const expected = {
        kind: 'cashout_rejected',
        title: 'Cashout rejected',
        body: 'Your $4.00 PayPal cashout was rejected and refunded to your balance. Reason: The PayPal account does not exist.',
        link: '/Cashout',
        read: false,
      };
      const page = await listOf(user);
      expect(page.unread).toBe(1);
      expect(page.items).toEqual([expect.objectContaining(expected)]);
      expect(await live.nextCount(1)).toEqual([page.items[0]]);
      expect(emailsTo(user.email)).toEqual([
        {
          email: user.email,
          subject: 'Earnly: Cashout rejected',
          text: [
            expected.body,
            '',
            `Open ${SITE}/Cashout`,
            '',
            'You get this email because "Email me about cashouts" is on in your Earnly settings; turn it off there.',
          ].join('\n'),
        },
      ]);
    });

    it('is not sent when the rejection fails: it commits with the event or not at all', async () => {
      const user = await signUp(app);
      const id = await pendingCashout(user);
      expect((await ops('cashouts:approve', String(id), '--reason', 'sent')).code).toBe(0);
      expect((await ops('cashouts:reject', String(id), '--reason', 'too late')).code).toBe(1);
      expect((await listOf(user)).items.map((item) => item.kind)).toEqual(['cashout_paid']);
    });

    it('sends no email to a user who turned cashout emails off, and the notification still arrives', async () => {
      const user = await signUp(app);
      expect((await setPreferences(user, { cashouts: false })).statusCode).toBe(200);
      const id = await pendingCashout(user);
      await ops('cashouts:reject', String(id), '--reason', 'no');
      expect((await listOf(user)).items[0]?.kind).toBe('cashout_rejected');
      expect(emailsTo(user.email)).toEqual([]);
    });
  });

  describe('in the reader’s language', () => {
    it('a German user reads the list, the live event and the email in German', async () => {
      const user = await signUp(app);
      const chosen = await app.inject({ method: 'PUT', url: '/api/user/language', headers: bearer(user.token), payload: { language: 'de' } });
      expect(chosen.statusCode).toBe(200);
      const id = await pendingCashout(user);
      const live = await listen(user);
      expect((await ops('cashouts:reject', String(id), '--reason', 'No such account')).code).toBe(0);

      const german = {
        kind: 'cashout_rejected',
        title: 'Auszahlung abgelehnt',
        body: 'Deine Auszahlung über 4,00\u00a0$ per PayPal wurde abgelehnt und deinem Guthaben wieder gutgeschrieben. Grund: No such account.',
      };
      const [pushed] = await live.nextCount(1);
      expect(pushed).toMatchObject(german);
      // The user's choice wins over the browser's: the list reads German whatever the request asks for.
      const page = (await app.inject({ method: 'GET', url: '/api/notifications', headers: { ...bearer(user.token), 'accept-language': 'fr' } })).json().data;
      expect(page.items).toEqual([pushed]);
      expect(emailsTo(user.email)).toEqual([expect.objectContaining({ subject: 'Earnly: Auszahlung abgelehnt' })]);
    });

    it('a user who chose no language reads the list in the request’s language, and what others cause is pushed in English', async () => {
      const user = await signUp(app);
      const id = await pendingCashout(user);
      const live = await listen(user);
      expect((await ops('cashouts:reject', String(id), '--reason', 'no')).code).toBe(0);
      expect(await live.nextCount(1)).toEqual([expect.objectContaining({ title: 'Cashout rejected' })]);
      const inSpanish = await app.inject({ method: 'GET', url: '/api/notifications', headers: { ...bearer(user.token), 'accept-language': 'es-MX,es;q=0.9' } });
      expect(inSpanish.json().data.items[0]).toMatchObject({ title: 'Retiro rechazado', body: expect.stringMatching(/^Tu retiro de 4,00\sUS\$ por PayPal/) });
      const byCookie = await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(user.token), cookies: { lang: 'pt-BR' } });
      expect(byCookie.json().data.items[0]).toMatchObject({ title: 'Saque recusado' });
      expect((await listOf(user)).items[0]).toMatchObject({ title: 'Cashout rejected' });
    });
  });

  it('cashout_paid (ops cashouts:approve of the manual rail: the operator paid it): in the list and live, and emailed', async () => {
    const user = await signUp(app);
    const id = await pendingCashout(user, 2.5);
    const live = await listen(user);
    expect((await ops('cashouts:approve', String(id), '--reason', 'paid by hand')).code).toBe(0);
    const [item] = await live.nextCount(1);
    expect(item).toMatchObject({ kind: 'cashout_paid', title: 'Cashout paid', body: 'Your $2.50 PayPal cashout was sent.', link: '/Cashout' });
    expect((await listOf(user)).items).toEqual([item]);
    expect(emailsTo(user.email)).toEqual([expect.objectContaining({ subject: 'Earnly: Cashout paid' })]);
  });

  describe('password_changed (a password reset)', () => {
    async function resetPassword(user: SignedUp) {
      await app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email: user.email } });
      const response = await app.inject({
        method: 'POST',
        url: '/api/user/reset-password',
        payload: { email: user.email, otp: mailer.codeFor(user.email), password: 'brand new 1', password_confirmation: 'brand new 1' },
      });
      expect(response.statusCode).toBe(200);
      // Signed in again from the browser that reset it: known to the account, so no "new sign-in" besides.
      const device = response.cookies.find((cookie) => cookie.name === 'device_id')!.value;
      const signedIn = await app.inject({
        method: 'POST',
        url: '/api/user/Login',
        cookies: { device_id: device },
        payload: { email: user.email, password: 'brand new 1' },
      });
      return { ...user, token: signedIn.cookies.find((cookie) => cookie.name === 'auth_token')!.value };
    }

    it('is stored with the reset, pushed to pages still open, and always emailed, even with security emails off', async () => {
      const user = await signUp(app);
      expect((await setPreferences(user, { security: false, cashouts: false, tickets: false })).statusCode).toBe(200);
      const live = await listen(user);
      const afterReset = await resetPassword(user);
      expect((await live.nextCount(1)).map((item) => item.kind)).toEqual(['password_changed']);
      expect((await listOf(afterReset)).items).toEqual([expect.objectContaining({ kind: 'password_changed', title: 'Your password was changed', link: null })]);
      for (let waited = 0; emailsTo(user.email).length === 0 && waited < 2_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(emailsTo(user.email)).toEqual([
        {
          email: user.email,
          subject: 'Earnly: Your password was changed',
          text: 'You were signed out everywhere. If you did not change it, reset your password now and contact support.\n\nThis email is always sent: it protects your account.',
        },
      ]);
    });

    it('is not stored when the code is wrong', async () => {
      const user = await signUp(app);
      await app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email: user.email } });
      const wrong = String((Number(mailer.codeFor(user.email)) + 1) % 1_000_000).padStart(6, '0');
      const response = await app.inject({
        method: 'POST',
        url: '/api/user/reset-password',
        payload: { email: user.email, otp: wrong, password: 'brand new 1', password_confirmation: 'brand new 1' },
      });
      expect(response.statusCode).toBe(400);
      expect(await db().$count(notifications, eq(notifications.userId, user.user.id))).toBe(0);
    });
  });

  describe('new_sign_in (a password sign-in from a browser new to the account)', () => {
    const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';

    function signIn(user: SignedUp, device?: string) {
      return app.inject({
        method: 'POST',
        url: '/api/user/Login',
        headers: { 'user-agent': FIREFOX },
        cookies: device === undefined ? {} : { device_id: device },
        payload: { email: user.email, password: user.password },
      });
    }

    it('tells the owner the browser, the system and the address: in the list, live, and by email', async () => {
      const user = await signUp(app);
      const live = await listen(user);
      expect((await signIn(user)).statusCode).toBe(200);
      const [item] = await live.nextCount(1);
      expect(item).toMatchObject({ kind: 'new_sign_in', title: 'New sign-in to your account' });
      expect(item!.body).toContain('Firefox');
      expect((await listOf(user)).items.map((entry) => entry.kind)).toEqual(['new_sign_in']);
      for (let waited = 0; emailsTo(user.email).length === 0 && waited < 2_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(emailsTo(user.email)).toEqual([expect.objectContaining({ subject: 'Earnly: New sign-in to your account' })]);
    });

    it('says nothing for the browser the account was made in, nor for a browser after its first sign-in', async () => {
      const user = await signUp(app);
      expect((await signIn(user, user.device)).statusCode).toBe(200);
      const other = await signIn(user);
      const otherDevice = other.cookies.find((cookie) => cookie.name === 'device_id')!.value;
      expect((await signIn(user, otherDevice)).statusCode).toBe(200);
      expect(await db().$count(notifications, and(eq(notifications.userId, user.user.id), eq(notifications.kind, 'new_sign_in')))).toBe(1);
    });

    it('is not stored for a wrong password, nor for a forged device cookie that fails sign-in', async () => {
      const user = await signUp(app);
      const wrong = await app.inject({ method: 'POST', url: '/api/user/Login', cookies: { device_id: 'forged' }, payload: { email: user.email, password: 'not the password' } });
      expect(wrong.statusCode).toBe(401);
      expect(await db().$count(notifications, eq(notifications.userId, user.user.id))).toBe(0);
    });
  });

  it('referral_bonus (ops referrals:decide approve pays the withheld 5 %): one notification for what was paid', async () => {
    const register = async (device?: string, referralCode?: string) => {
      const email = uniqueEmail('ref');
      const response = await app.inject({
        method: 'POST',
        url: '/api/user/Register',
        remoteAddress: distinctAddress(),
        cookies: device ? { [DEVICE_COOKIE]: device } : {},
        payload: { name: 'Sam Same', email, password: 'correct horse 1', password_confirmation: 'correct horse 1', ...(referralCode ? { referral_code: referralCode } : {}) },
      });
      const user = response.json().data.user as { id: number; referral_code: string };
      const token = response.cookies.find((cookie) => cookie.name === 'auth_token')!.value;
      return { user, email, token, device: response.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)?.value ?? device };
    };
    const referrer = await register();
    const friend = await register(referrer.device, referrer.user.referral_code);
    await injectPostback(app, postbackFields({ user_id: String(friend.user.id), payout: '2.00' }));
    await injectPostback(app, postbackFields({ user_id: String(friend.user.id), payout: '4.00' }));
    expect((await listOf(referrer)).items).toEqual([]);

    const live = await listen(referrer);
    expect((await ops('referrals:decide', friend.email, 'approve', '--reason', 'checked: siblings')).code).toBe(0);
    const expected = { kind: 'referral_bonus', title: 'Referral bonus: $0.30', link: '/Profile' };
    expect(await live.nextCount(1)).toEqual([expect.objectContaining(expected)]);
    expect((await listOf(referrer)).items).toEqual([expect.objectContaining(expected)]);
    // Deciding the same way again pays nothing and tells nothing.
    await ops('referrals:decide', friend.email, 'approve', '--reason', 'again');
    expect((await listOf(referrer)).items).toHaveLength(1);
  });

  it("sends each user's notifications on their own channel only", async () => {
    const [owner, other] = [await signUp(app), await signUp(app)];
    const [ownerLive, otherLive] = [await listen(owner), await listen(other)];
    const id = await pendingCashout(owner);
    await ops('cashouts:approve', String(id), '--reason', 'ok');
    expect(await ownerLive.nextCount(1)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(otherLive.events).toEqual([]);
  });

  describe('emails and their preferences', () => {
    /** Stores and delivers as an event of issue 29 or 31 will: notify() in its transaction, then deliver. */
    async function event(input: Parameters<typeof notify>[1]) {
      const row = await db().transaction((tx) => notify(tx, input));
      await app.deliverNotifications([row]);
      return row;
    }

    it('Profile carries the preferences, all on for a new account; the new call changes the ones it names', async () => {
      const user = await signUp(app);
      const profile = async () => (await app.inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(user.token) })).json().data;
      expect((await profile()).email_preferences).toEqual({ cashouts: true, tickets: true, security: true });
      const response = await setPreferences(user, { tickets: false });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'success', message: 'Email preferences saved.', data: { user: { email_preferences: { cashouts: true, tickets: false, security: true } } } });
      expect((await profile()).email_preferences).toEqual({ cashouts: true, tickets: false, security: true });
      await setPreferences(user, { tickets: true, security: false });
      expect((await profile()).email_preferences).toEqual({ cashouts: true, tickets: true, security: false });
    });

    it.each([
      [{}, 'body', 'Send at least one of cashouts, tickets and security (true or false).'],
      [{ cashouts: 'false' }, 'cashouts', 'The cashouts field must be true or false.'],
      [{ security: 0 }, 'security', 'The security field must be true or false.'],
      [{ tickets: null }, 'tickets', 'The tickets field must be true or false.'],
      [[true], 'body', 'The request body must be a JSON object.'],
    ])('refuses %j with 422 under %s and changes nothing', async (body, field, message) => {
      const user = await signUp(app);
      const response = await setPreferences(user, body as Record<string, unknown>);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
      const profile = (await app.inject({ method: 'POST', url: '/api/user/Profile', headers: bearer(user.token) })).json().data;
      expect(profile.email_preferences).toEqual({ cashouts: true, tickets: true, security: true });
    });

    it('needs a session', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/user/email-preferences', payload: { cashouts: false } });
      expect(response.statusCode).toBe(401);
    });

    it('new sign-ins and two-factor changes go by email while security emails are on, and not once off', async () => {
      const user = await signUp(app);
      await event({ userId: user.user.id, kind: 'new_sign_in', data: { user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', ip: '203.0.113.7' } });
      expect(emailsTo(user.email).map((sent) => sent.subject)).toEqual(['Earnly: New sign-in to your account']);
      expect(emailsTo(user.email)[0]!.text).toContain('Signed in with Firefox on Linux from 203.0.113.7.');
      await setPreferences(user, { security: false });
      await event({ userId: user.user.id, kind: 'two_factor_changed', data: { method: 'off' } });
      await event({ userId: user.user.id, kind: 'new_sign_in', data: { user_agent: null, ip: null } });
      expect(emailsTo(user.email)).toHaveLength(1);
      expect((await listOf(user)).items).toHaveLength(3);
    });

    it('a ticket answer goes by email unless support-ticket emails are off; a paid cashout as cashouts say; credits never', async () => {
      const user = await signUp(app);
      await event({ userId: user.user.id, kind: 'ticket_answered', data: { ticket_id: 3, offer: 'Dragon Forge' } });
      await event({ userId: user.user.id, kind: 'cashout_paid', data: { cashout_id: 9, coins: 5000, method: 'paypal' } });
      await event({ userId: user.user.id, kind: 'credit', data: { coins: 100, offer: 'Dragon Forge' } });
      expect(emailsTo(user.email).map((sent) => sent.subject)).toEqual(['Earnly: Support answered your ticket', 'Earnly: Cashout paid']);
      expect(emailsTo(user.email)[0]!.text).toContain(`Open ${SITE}/tickets/3`);
      await setPreferences(user, { tickets: false, cashouts: false });
      await event({ userId: user.user.id, kind: 'ticket_answered', data: { ticket_id: 4, offer: 'Dragon Forge' } });
      await event({ userId: user.user.id, kind: 'cashout_paid', data: { cashout_id: 10, coins: 5000, method: 'paypal' } });
      expect(emailsTo(user.email)).toHaveLength(2);
    });

    it('never fails the event: a mail server that is down and a realtime service that is down are only reported', async () => {
      const user = await signUp(app);
      const row = await notify(db(), { userId: user.user.id, kind: 'password_changed', data: {} });
      const problems: string[] = [];
      await expect(
        deliverNotifications(
          {
            db: db(),
            realtime: { publishNotification: () => Promise.reject(new Error('ECONNREFUSED')) },
            mailer: { sendNotificationEmail: () => Promise.reject(new Error('SMTP 421')) },
            onProblem: (message) => problems.push(message),
          },
          [row],
        ),
      ).resolves.toBeUndefined();
      expect(problems.sort()).toEqual(['notification.created could not be published', `the password_changed email of notification ${row.id} could not be sent`]);
      expect(await db().$count(notifications, and(eq(notifications.userId, user.user.id), eq(notifications.kind, 'password_changed')))).toBe(1);
    });

    it('mails nothing to a deleted account', async () => {
      const user = await signUp(app);
      const row = await notify(db(), { userId: user.user.id, kind: 'password_changed', data: {} });
      await app.inject({ method: 'POST', url: '/api/user/DeleteAccount', headers: bearer(user.token) });
      await app.deliverNotifications([row]);
      expect(emailsTo(user.email)).toEqual([]);
    });
  });

  describe('money events: credits, referral bonuses, reversals, releases (booked by the booking statements themselves)', () => {
    it('credit (a postback): amount and offer, "available now", in the list and live; no email', async () => {
      const user = await signUp(app, {}, { from: distinctAddress() });
      const live = await listen(user);
      expect((await injectPostback(app, postbackFields({ user_id: String(user.user.id), payout: '1.50' }))).statusCode).toBe(200);
      const [item] = await live.nextCount(1);
      expect(item).toMatchObject({ kind: 'credit', title: 'You earned $1.50', body: '“Dragon Forge Legends”: available now.', link: '/Profile', read: false });
      expect((await listOf(user)).items).toEqual([item]);
      expect(emailsTo(user.email)).toEqual([]);
    });

    it('credit of $10.00 or more: "held until <date>"; its release: hold_released', async () => {
      const user = await signUp(app, {}, { from: distinctAddress() });
      const live = await listen(user);
      const fields = postbackFields({ user_id: String(user.user.id), payout: '12.00' });
      expect((await injectPostback(app, fields)).statusCode).toBe(200);
      const [held] = await live.nextCount(1);
      expect(held).toMatchObject({ kind: 'credit', title: 'You earned $12.00' });
      expect(held!.body).toMatch(/^“Dragon Forge Legends”: held until [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/);
      expect((await ops('holds:release', '--user', user.email, '--reason', 'checked')).code).toBe(0);
      const [, released] = await live.nextCount(2);
      expect(released).toMatchObject({ kind: 'hold_released', title: '$12.00 is available now', link: '/Cashout' });
    });

    it("referral_bonus: the referrer is told of their 5 % of a friend's credit", async () => {
      const referrer = await signUp(app, {}, { from: distinctAddress() });
      const friend = await signUp(app, { referral_code: referrer.user.referral_code }, { from: distinctAddress() });
      const live = await listen(referrer);
      expect((await injectPostback(app, postbackFields({ user_id: String(friend.user.id), payout: '4.00' }))).statusCode).toBe(200);
      expect(await live.nextCount(1)).toEqual([expect.objectContaining({ kind: 'referral_bonus', title: 'Referral bonus: $0.20' })]);
      expect((await listOf(friend)).items.map((item) => item.kind)).toEqual(['credit']);
    });

    it('reversal (a postback taking a credit back): amount and offer', async () => {
      const user = await signUp(app, {}, { from: distinctAddress() });
      const fields = postbackFields({ user_id: String(user.user.id), payout: '2.00' });
      await injectPostback(app, fields);
      const live = await listen(user);
      expect((await injectPostback(app, { ...fields, status: '2' })).statusCode).toBe(200);
      expect(await live.nextCount(1)).toEqual([
        expect.objectContaining({ kind: 'reversal', title: '$2.00 was reversed', body: 'The partner took back the credit for “Dragon Forge Legends”.' }),
      ]);
    });
  });

  describe('tickets: answered, accepted, declined (ops tickets:*)', () => {
    async function ticketOf(user: SignedUp, offerName: string) {
      const ticket = await openTicket(
        db(),
        user.user.id,
        { offer: { wall: 'notik', offerName }, completedOn: '2026-01-05', details: 'Finished it, no coins.', screenshot: null },
        0,
      );
      return ticket.id;
    }

    it('tells the user of an answer (also by email), an acceptance with the amount and a decline with the reason', async () => {
      const user = await signUp(app, {}, { from: distinctAddress() });
      const accepted = await ticketOf(user, 'Castle Quest');
      const declined = await ticketOf(user, 'Tower Rush');
      const live = await listen(user);
      expect((await ops('tickets:reply', String(accepted), 'We are checking with the partner.')).code).toBe(0);
      expect((await ops('tickets:accept', String(accepted), '1.25', '--reason', 'Confirmed by the partner')).code).toBe(0);
      expect((await ops('tickets:decline', String(declined), '--reason', 'The offer was completed twice')).code).toBe(0);
      const items = await live.nextCount(3);
      expect(items).toEqual([
        expect.objectContaining({ kind: 'ticket_answered', body: 'About “Castle Quest”: read the answer.', link: `/tickets/${accepted}` }),
        expect.objectContaining({ kind: 'ticket_accepted', title: 'Ticket accepted: $1.25 credited', link: `/tickets/${accepted}` }),
        expect.objectContaining({ kind: 'ticket_declined', body: 'Your ticket about “Tower Rush” was declined. Reason: The offer was completed twice.' }),
      ]);
      expect(emailsTo(user.email).map((sent) => sent.subject)).toEqual(['Earnly: Support answered your ticket']);
    });
  });
});
