import { MalformedWebhookError, type PayoutOrder, type PayoutRail, type RailWebhookRequest } from '../rail';
import { HOSTILE_BODIES, type StandIn, type StandInAnswer, type StandInRequest, startStandIn, testTools, PAST_THE_TIMEOUT_MS } from './stand-in-server.test-kit';
import { signTremendousWebhook, tremendous } from './tremendous';

/**
 * The Tremendous rail against a stand-in of Tremendous's API, answering as
 * https://developers.tremendous.com/reference describes: orders idempotent by external_id (a repeat answers
 * the original order with 201), orders read by external_id, rewards, errors as {"errors":{"message"}}.
 */

type Order = { id: string; externalId: string; status: string; rewardId: string; delivery: string; email: string; denomination: number };

class FakeTremendous {
  orders = new Map<string, Order>();
  created = new Map<string, number>();
  orderStatus = 'EXECUTED';
  delivery = 'PENDING';
  /** Leave the delivery out of order answers (then the reward is asked). */
  omitDelivery = false;
  next: ((request: StandInRequest) => StandInAnswer | undefined) | undefined;
  private counter = 0;

  private orderBody(order: Order) {
    return {
      order: {
        id: order.id,
        external_id: order.externalId,
        status: order.status,
        created_at: '2026-11-27T09:00:00Z',
        rewards: [
          {
            id: order.rewardId,
            order_id: order.id,
            value: { denomination: order.denomination, currency_code: 'USD' },
            recipient: { email: order.email, name: 'x' },
            ...(this.omitDelivery ? {} : { delivery: { method: 'EMAIL', status: order.delivery } }),
          },
        ],
      },
    };
  }

  handle = (request: StandInRequest): StandInAnswer => {
    const override = this.next?.(request);
    if (override) return override;
    if (request.headers.authorization !== 'Bearer api-key') return { status: 401, body: { errors: { message: 'Unauthorized', payload: {} } } };
    if (request.method === 'POST' && request.path === '/api/v2/orders') {
      const body = JSON.parse(request.body) as { external_id: string; reward: { value: { denomination: number }; recipient: { email: string }; campaign_id: string } };
      const known = this.orders.get(body.external_id);
      if (known) return { status: 201, body: this.orderBody(known) };
      if (!body.reward.campaign_id) return { status: 400, body: { errors: { message: 'Campaign required', payload: {} } } };
      if (body.reward.recipient.email === 'bad@') return { status: 422, body: { errors: { message: 'Order failed: validation failure', payload: { reward: { recipient: 'invalid email' } } } } };
      const n = ++this.counter;
      const order: Order = { id: `ORD${n}`, externalId: body.external_id, status: this.orderStatus, rewardId: `RWD${n}`, delivery: this.delivery, email: body.reward.recipient.email, denomination: body.reward.value.denomination };
      this.orders.set(body.external_id, order);
      this.created.set(body.external_id, (this.created.get(body.external_id) ?? 0) + 1);
      return { status: 201, body: this.orderBody(order) };
    }
    const byId = /^\/api\/v2\/orders\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && byId) {
      const key = decodeURIComponent(byId[1]!);
      const order = this.orders.get(key) ?? [...this.orders.values()].find((candidate) => candidate.id === key);
      return order ? { status: 200, body: this.orderBody(order) } : { status: 404, body: { errors: { message: 'Record not found', payload: {} } } };
    }
    const reward = /^\/api\/v2\/rewards\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && reward) {
      const order = [...this.orders.values()].find((candidate) => candidate.rewardId === reward[1]);
      return order ? { status: 200, body: { reward: { id: order.rewardId, order_id: order.id, delivery: { method: 'EMAIL', status: order.delivery } } } } : { status: 404, body: { errors: { message: 'Record not found' } } };
    }
    return { status: 404, body: { errors: { message: 'Not found' } } };
  };
}

const order = (overrides: Partial<PayoutOrder> = {}): PayoutOrder => ({
  cashoutId: 52,
  idempotencyId: 'c0ffee00-0000-4000-8000-000000000052',
  method: 'visa',
  account: 'gift@example.com',
  amountCoins: 10_000,
  amountDollars: '10.00',
  currency: 'USD',
  attempt: 1,
  providerReference: null,
  ...overrides,
});

let fake: FakeTremendous;
let standIn: StandIn;
let rail: PayoutRail;
const build = (values: Record<string, string> = {}, baseUrl = standIn.baseUrl) =>
  tremendous.create({ baseUrl, values: { API_KEY: 'api-key', CAMPAIGN_ID: 'CAMP1', WEBHOOK_PRIVATE_KEY: 'whk-private', ...values } }, testTools());

beforeEach(async () => {
  fake = new FakeTremendous();
  standIn = await startStandIn(fake.handle);
  rail = build();
});

afterEach(() => standIn.close());

describe('sending', () => {
  it('creates an order with our id as external_id, the Bearer key, the campaign and the amount', async () => {
    await expect(rail.send(order())).resolves.toEqual({ kind: 'sent', providerReference: 'RWD1' });
    const create = standIn.requests[0]!;
    expect(create.headers.authorization).toBe('Bearer api-key');
    expect(JSON.parse(create.body)).toEqual({
      external_id: order().idempotencyId,
      payment: { funding_source_id: 'balance' },
      reward: { campaign_id: 'CAMP1', value: { denomination: 10, currency_code: 'USD' }, recipient: { name: 'gift', email: 'gift@example.com' }, delivery: { method: 'EMAIL' } },
    });
  });

  it('a repeated external_id answers the original order: never a second one', async () => {
    await rail.send(order());
    fake.orders.get(order().idempotencyId)!.delivery = 'SUCCEEDED';
    await expect(rail.send(order({ attempt: 2 }))).resolves.toEqual({ kind: 'paid', providerReference: 'RWD1' });
    expect(fake.created.get(order().idempotencyId)).toBe(1);
  });

  it('a 409 for the external id is read by looking the order up', async () => {
    await rail.send(order());
    fake.next = (request) => (request.method === 'POST' ? { status: 409, body: { errors: { message: 'external_id already used' } } } : undefined);
    await expect(rail.send(order())).resolves.toEqual({ kind: 'sent', providerReference: 'RWD1' });
    expect(fake.created.get(order().idempotencyId)).toBe(1);
  });

  it('an order that failed at Tremendous (no funds) fails', async () => {
    fake.orderStatus = 'FAILED';
    await expect(rail.send(order())).resolves.toMatchObject({ kind: 'failed', providerReference: 'RWD1' });
  });

  it('4xx refusals fail for good with Tremendous’s message; 5xx, 429 and a bad key are retried', async () => {
    await expect(rail.send(order({ account: 'bad@' }))).resolves.toEqual({ kind: 'failed', reason: 'Tremendous refused the order (HTTP 422: Order failed: validation failure)' });
    await expect(build({ CAMPAIGN_ID: '' }).send(order())).resolves.toMatchObject({ kind: 'failed' });
    fake.next = () => ({ status: 502, body: 'Bad gateway' });
    await expect(rail.send(order())).resolves.toMatchObject({ kind: 'retryable', reason: 'Tremendous answered HTTP 502' });
    fake.next = () => ({ status: 429, body: {}, headers: { 'retry-after': '3' } });
    await expect(rail.send(order())).resolves.toMatchObject({ kind: 'retryable', retryAfterMs: 3000 });
    fake.next = undefined;
    const outcome = await build({ API_KEY: 'wrong-key' }).send(order());
    expect(outcome).toMatchObject({ kind: 'retryable' });
    expect(JSON.stringify(outcome)).not.toContain('wrong-key');
  });

  it('a timeout is retryable, and the retry under the same id finds the order created meanwhile', async () => {
    fake.next = (request) => {
      if (request.method !== 'POST') return undefined;
      fake.next = undefined;
      return { ...fake.handle(request), delayMs: PAST_THE_TIMEOUT_MS };
    };
    await expect(rail.send(order())).resolves.toEqual({ kind: 'retryable', reason: 'Tremendous did not answer in time' });
    await expect(rail.send(order({ attempt: 2 }))).resolves.toEqual({ kind: 'sent', providerReference: 'RWD1' });
    expect(fake.created.get(order().idempotencyId)).toBe(1);
    await expect(build({}, 'http://127.0.0.1:1').send(order())).resolves.toMatchObject({ kind: 'retryable' });
  });
});

describe('status', () => {
  it.each([
    ['EXECUTED', 'SUCCEEDED', { kind: 'paid', providerReference: 'RWD1' }],
    ['EXECUTED', 'PENDING', { kind: 'sending', providerReference: 'RWD1' }],
    ['EXECUTED', 'SCHEDULED', { kind: 'sending', providerReference: 'RWD1' }],
    ['EXECUTED', 'FAILED', { kind: 'failed', reason: expect.any(String), providerReference: 'RWD1' }],
    ['PENDING APPROVAL', 'PENDING', { kind: 'sending', providerReference: 'RWD1' }],
    ['CART', 'PENDING', { kind: 'sending', providerReference: 'RWD1' }],
    ['CANCELED', 'PENDING', { kind: 'returned', reason: expect.any(String), providerReference: 'RWD1' }],
    ['FAILED', 'PENDING', { kind: 'failed', reason: expect.any(String), providerReference: 'RWD1' }],
  ])('order %s with delivery %s', async (orderStatus, delivery, expected) => {
    fake.orderStatus = orderStatus;
    fake.delivery = delivery;
    await rail.send(order());
    await expect(rail.status(order())).resolves.toEqual(expected);
    expect(standIn.requests.at(-1)!.path).toBe(`/api/v2/orders/${order().idempotencyId}`);
  });

  it('asks the reward when the order does not carry its delivery', async () => {
    fake.omitDelivery = true;
    fake.delivery = 'SUCCEEDED';
    await rail.send(order());
    await expect(rail.status(order())).resolves.toEqual({ kind: 'paid', providerReference: 'RWD1' });
    expect(standIn.requests.at(-1)!.path).toBe('/api/v2/rewards/RWD1');
  });

  it('an external id Tremendous does not know is unknown; 5xx, a timeout and no server are unreachable', async () => {
    await expect(rail.status(order())).resolves.toEqual({ kind: 'unknown' });
    fake.next = () => ({ status: 500 });
    await expect(rail.status(order())).resolves.toMatchObject({ kind: 'unreachable' });
    fake.next = () => ({ status: 200, body: {}, delayMs: PAST_THE_TIMEOUT_MS });
    await expect(rail.status(order())).resolves.toEqual({ kind: 'unreachable', reason: 'Tremendous did not answer in time' });
    fake.next = () => ({ status: 200, body: { order: { id: 'O', status: 'SOMETHING NEW', rewards: [{ id: 'R' }] } } });
    await expect(rail.status(order())).resolves.toMatchObject({ kind: 'unreachable' });
    await expect(build({}, 'http://127.0.0.1:1').status(order())).resolves.toMatchObject({ kind: 'unreachable' });
  });
});

describe('webhooks', () => {
  const event = (name: string, rewardId = 'RWD1', uuid = 'evt-1', meta?: Record<string, unknown>) =>
    JSON.stringify({ event: name, uuid, created_utc: '2026-11-27T09:00:00.000-00:00', payload: { resource: { id: rewardId, type: 'rewards' }, ...(meta ? { meta } : {}) } });
  const request = (rawBody: string, signature = signTremendousWebhook('whk-private', rawBody)): RailWebhookRequest => ({
    rawBody,
    url: 'https://rewards.example/api/payouts/webhooks/tremendous',
    headers: { 'tremendous-webhook-signature': signature, 'content-type': 'application/json' },
  });

  it('verifies the HMAC-SHA256 of the body with the private key, and refuses anything else', async () => {
    const body = event('REWARDS.DELIVERY.SUCCEEDED');
    await expect(rail.webhook!.verify(request(body))).resolves.toBe(true);
    await expect(rail.webhook!.verify(request(body, signTremendousWebhook('whk-private', body).slice('sha256='.length)))).resolves.toBe(true);
    await expect(rail.webhook!.verify(request(body, signTremendousWebhook('another-key', body)))).resolves.toBe(false);
    await expect(rail.webhook!.verify(request(`${body} `, signTremendousWebhook('whk-private', body)))).resolves.toBe(false);
    await expect(rail.webhook!.verify({ ...request(body), headers: {} })).resolves.toBe(false);
    await expect(rail.webhook!.verify(request(body, 'sha256='))).resolves.toBe(false);
    expect(build({ WEBHOOK_PRIVATE_KEY: '' }).webhook).toBeUndefined();
  });

  it('reads reward events by the reward id', () => {
    expect(rail.webhook!.parse(request(event('REWARDS.DELIVERY.SUCCEEDED')))).toEqual([{ eventId: 'evt-1', state: { kind: 'paid', providerReference: 'RWD1' } }]);
    expect(rail.webhook!.parse(request(event('REWARDS.DELIVERY.FAILED', 'RWD1', 'evt-2', { failure_reason: 'invalid_email', retryable: false })))).toEqual([
      { eventId: 'evt-2', state: { kind: 'failed', reason: 'Tremendous could not deliver the gift card (invalid_email)', providerReference: 'RWD1' } },
    ]);
    expect(rail.webhook!.parse(request(event('REWARDS.CANCELED')))[0]!.state.kind).toBe('returned');
    expect(rail.webhook!.parse(request(event('REWARDS.FLAGGED')))[0]!.state.kind).toBe('sending');
    expect(rail.webhook!.parse(request(event('ORDERS.CREATED', 'ORD1')))).toEqual([]);
    expect(rail.webhook!.parse(request(event('INVOICES.PAID', 'INV1')))).toEqual([]);
  });

  it('duplicate and out-of-order events parse the same each time', () => {
    const delivered = request(event('REWARDS.DELIVERY.SUCCEEDED'));
    const flaggedLate = request(event('REWARDS.FLAGGED', 'RWD1', 'evt-0'));
    expect(rail.webhook!.parse(delivered)).toEqual(rail.webhook!.parse(delivered));
    expect(rail.webhook!.parse(flaggedLate)[0]!.state).toEqual({ kind: 'sending', providerReference: 'RWD1' });
  });

  it('hostile bodies never throw anything but MalformedWebhookError, and verify never throws', async () => {
    for (const body of HOSTILE_BODIES) {
      await expect(rail.webhook!.verify(request(body, 'sha256=00'))).resolves.toBe(false);
      await expect(rail.webhook!.verify(request(body))).resolves.toBe(true);
      try {
        expect(Array.isArray(rail.webhook!.parse(request(body)))).toBe(true);
      } catch (error) {
        expect(error).toBeInstanceOf(MalformedWebhookError);
      }
    }
    expect(rail.webhook!.parse(request(event('REWARDS.DELIVERY.SUCCEEDED', 'R'.repeat(500))))).toEqual([]);
  });
});
