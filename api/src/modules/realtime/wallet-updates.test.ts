import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import PusherClient from 'pusher-js';
import { CHANNEL_AUTH_PATH, userChannel } from '@rewards/shared/contracts/realtime';
import { users } from '../../db/schema';
import { markEmailVerified } from '../account/repository';
import { bearer, captureMailer, distinctAddress, signUp } from '../../test/accounts';
import { buildTestApp } from '../../test/build-test-app';
import { useTestDatabase } from '../../test/test-database';
import { listenToWallet, type WalletListener } from '../../test/wallet-listener';
import { injectPostback, postbackFields } from '../../test/wall-test-kit';
import { NOT_YOUR_CHANNEL } from './auth-routes';
import { signChannelAuth } from './signature';

const KEY = 'test-key';
const SECRET = 'test-secret';
const env = { RATE_LIMITS: 'off', PUSHER_APP_ID: 'test-app', PUSHER_KEY: KEY, PUSHER_SECRET: SECRET };
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe(`wallet.updated on the user's private channel (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const database = useTestDatabase();
  let app: FastifyInstance;
  let base: string;
  const clients: PusherClient[] = [];
  const listeners: WalletListener[] = [];

  beforeAll(async () => {
    app = await buildTestApp({ database: database(), mailer: captureMailer(), env });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
    for (const listener of listeners.splice(0)) listener.close();
  });
  afterAll(() => app.close());

  const authorise = (token: string | undefined, body: Record<string, string>) =>
    app.inject({ method: 'POST', url: `/api${CHANNEL_AUTH_PATH}`, headers: token ? bearer(token) : {}, payload: body });

  async function listen(token: string, userId: number) {
    const listener = await listenToWallet(base, KEY, token, userId);
    listeners.push(listener);
    return listener;
  }

  it('pushes the new wallet after a wall credit, a reversal and a cashout, each with a higher version', async () => {
    const { token, user } = await signUp(app);
    const wallet = await listen(token, user.id);

    const fields = postbackFields({ user_id: String(user.id), payout: '2.50' });
    expect((await injectPostback(app, fields)).statusCode).toBe(200);
    expect(await wallet.nextCount(1)).toEqual([{ wallet: '2.50', pending_wallet: '0.00', version: expect.any(Number) }]);

    expect((await injectPostback(app, fields)).statusCode).toBe(200); // a repeat moves nothing
    await markEmailVerified(database().db, user.id);
    const cashout = await app.inject({
      method: 'POST',
      url: '/api/Cashout/Store',
      headers: bearer(token),
      payload: { wallet: 'paypal', amount: 1, account: 'ada@example.com' },
    });
    expect(cashout.statusCode).toBe(200);
    expect((await wallet.nextCount(2)).map((event) => event.wallet)).toEqual(['2.50', '1.50']);

    expect((await injectPostback(app, { ...fields, status: '2' })).statusCode).toBe(200);
    const events = await wallet.nextCount(3);
    expect(events.map((event) => event.wallet)).toEqual(['2.50', '1.50', '-1.00']);
    expect(events[1]!.version).toBeGreaterThan(events[0]!.version);
    expect(events[2]!.version).toBeGreaterThan(events[1]!.version);
  });

  it("tells the referrer of their 5 % bonus on their own channel, and nobody else's", async () => {
    const referrer = await signUp(app, {}, { from: distinctAddress() });
    const friend = await signUp(app, { referral_code: referrer.user.referral_code }, { from: distinctAddress() });
    const bystander = await signUp(app);
    const [referrerWallet, bystanderWallet] = await Promise.all([listen(referrer.token, referrer.user.id), listen(bystander.token, bystander.user.id)]);

    await injectPostback(app, postbackFields({ user_id: String(friend.user.id), payout: '10.00' }));
    expect(await referrerWallet.nextCount(1)).toEqual([{ wallet: '0.50', pending_wallet: '0.00', version: expect.any(Number) }]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bystanderWallet.events).toEqual([]);
  });

  it("signs only the signed-in user's own channel", async () => {
    const { token, user } = await signUp(app);
    const own = await authorise(token, { socket_id: '123.456', channel_name: userChannel(user.id) });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ auth: signChannelAuth('123.456', userChannel(user.id), { key: KEY, secret: SECRET }) });

    const other = await authorise(token, { socket_id: '123.456', channel_name: userChannel(user.id + 1) });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ status: 'error', code: 'not_your_channel', message: NOT_YOUR_CHANNEL });
    for (const channel_name of ['fake-leads', 'private-user-0', `private-user-${user.id}x`, 'presence-user-1']) {
      expect((await authorise(token, { socket_id: '1.2', channel_name })).statusCode).toBe(403);
    }
    expect((await authorise(undefined, { socket_id: '1.2', channel_name: userChannel(user.id) })).statusCode).toBe(401);
    expect((await authorise(token, { socket_id: 'not-a-socket', channel_name: userChannel(user.id) })).statusCode).toBe(422);
    expect((await authorise(token, {})).statusCode).toBe(422);
  });

  it("accepts pusher-js's default form-encoded request", async () => {
    const { token, user } = await signUp(app);
    const response = await app.inject({
      method: 'POST',
      url: `/api${CHANNEL_AUTH_PATH}`,
      headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `socket_id=1.2&channel_name=${userChannel(user.id)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().auth).toMatch(new RegExp(`^${KEY}:[0-9a-f]{64}$`));
  });

  it('refuses a blocked account the 403 of spec §8', async () => {
    const { token, user } = await signUp(app);
    await database().db.update(users).set({ status: 'blocked' }).where(eq(users.id, user.id));
    const response = await authorise(token, { socket_id: '1.2', channel_name: userChannel(user.id) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error_type: 'account_blocked' });
  });

  it('keeps a socket out of a private channel without the signature of that socket and channel', async () => {
    const { user } = await signUp(app);
    const channel = userChannel(user.id);
    const forgedKey = signChannelAuth('1.1', channel, { key: KEY, secret: 'guessed' });
    const otherSocket = signChannelAuth('1.1', channel, { key: KEY, secret: SECRET });
    for (const auth of [undefined, forgedKey, otherSocket]) {
      const client = new PusherClient(KEY, {
        cluster: 'eu',
        wsHost: '127.0.0.1',
        wsPort: Number(new URL(base).port),
        forceTLS: false,
        enabledTransports: ['ws'],
        channelAuthorization: { endpoint: '', transport: 'ajax', customHandler: (_params, callback) => callback(null, { auth: auth ?? '' }) },
      });
      clients.push(client);
      const subscription = client.subscribe(channel);
      const outcome = await new Promise((resolve) => {
        subscription.bind('pusher:subscription_succeeded', () => resolve('joined'));
        subscription.bind('pusher:subscription_error', () => resolve('refused'));
      });
      expect(outcome).toBe('refused');
    }
  });
});
