import { MalformedWebhookError, type PayoutOrder, type PayoutRail, type RailWebhookRequest } from '../rail';
import { paypal } from './paypal';
import { HOSTILE_BODIES, type StandIn, type StandInAnswer, type StandInRequest, startStandIn, testTools, PAST_THE_TIMEOUT_MS, TEST_TIMEOUT_MS } from './stand-in-server.test-kit';

/**
 * The PayPal rail against a stand-in of PayPal's Payouts API, answering as
 * https://developer.paypal.com/docs/api/payments.payouts-batch/v1/ describes: tokens, batches (a repeated
 * sender_batch_id refused with a link to the original), batch reads, and the webhook verification API.
 */

type Item = { batchId: string; senderBatchId: string; senderItemId: string; status: string };

class FakePayPal {
  batches = new Map<string, Item>();
  /** sender_batch_id → how many times PayPal paid it (must stay ≤ 1). */
  paid = new Map<string, number>();
  tokensIssued = 0;
  next: ((request: StandInRequest) => StandInAnswer | undefined) | undefined;
  verification: 'SUCCESS' | 'FAILURE' = 'SUCCESS';
  itemStatus = 'PENDING';
  private counter = 0;

  handle = (request: StandInRequest): StandInAnswer => this.next?.(request) ?? this.handleWithoutOverride(request);

  handleWithoutOverride = (request: StandInRequest): StandInAnswer => {
    if (request.method === 'POST' && request.path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`;
      if (request.headers.authorization !== expected || request.body !== 'grant_type=client_credentials') return { status: 401, body: { error: 'invalid_client' } };
      this.tokensIssued++;
      return { status: 200, body: { access_token: `token-${this.tokensIssued}`, token_type: 'Bearer', expires_in: 32400 } };
    }
    if (!request.headers.authorization?.startsWith('Bearer token-')) return { status: 401, body: { name: 'AUTHENTICATION_FAILURE' } };
    if (request.method === 'POST' && request.path === '/v1/payments/payouts') return this.createBatch(request);
    const batch = /^\/v1\/payments\/payouts\/([A-Z0-9]+)$/.exec(request.path);
    if (request.method === 'GET' && batch) {
      const item = [...this.batches.values()].find((candidate) => candidate.batchId === batch[1]);
      if (!item) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
      return {
        status: 200,
        body: {
          batch_header: { payout_batch_id: item.batchId, batch_status: 'SUCCESS', sender_batch_header: { sender_batch_id: item.senderBatchId } },
          items: [{ payout_item_id: `ITEM${item.batchId}`, transaction_status: item.status, payout_batch_id: item.batchId, payout_item: { sender_item_id: item.senderItemId } }],
        },
      };
    }
    if (request.method === 'POST' && request.path === '/v1/notifications/verify-webhook-signature') {
      const body = JSON.parse(request.body) as Record<string, unknown>;
      const complete = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event'].every((key) => key in body);
      if (!complete) return { status: 400, body: { name: 'VALIDATION_ERROR' } };
      const good = this.verification === 'SUCCESS' && body.webhook_id === 'WH-1' && body.transmission_sig === 'good-signature';
      return { status: 200, body: { verification_status: good ? 'SUCCESS' : 'FAILURE' } };
    }
    return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
  };

  private createBatch(request: StandInRequest): StandInAnswer {
    const body = JSON.parse(request.body) as {
      sender_batch_header: { sender_batch_id: string };
      items: { receiver: string; amount: { value: string; currency: string }; sender_item_id: string }[];
    };
    const senderBatchId = body.sender_batch_header.sender_batch_id;
    const known = this.batches.get(senderBatchId);
    if (known) {
      return {
        status: 400,
        body: {
          name: 'USER_BUSINESS_ERROR',
          message: 'User business error.',
          debug_id: 'abc123',
          details: [{ field: 'SENDER_BATCH_ID', location: 'body', issue: `Batch with given sender_batch_id already exists` }],
          links: [{ href: `https://api-m.sandbox.paypal.com/v1/payments/payouts/${known.batchId}`, rel: 'self', method: 'GET', encType: 'application/json' }],
        },
      };
    }
    if (body.items[0]?.receiver === 'bad') return { status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'RECEIVER_UNREGISTERED' }] } };
    const batchId = `BATCH${++this.counter}`;
    this.batches.set(senderBatchId, { batchId, senderBatchId, senderItemId: body.items[0]!.sender_item_id, status: this.itemStatus });
    this.paid.set(senderBatchId, (this.paid.get(senderBatchId) ?? 0) + 1);
    return { status: 201, body: { batch_header: { payout_batch_id: batchId, batch_status: 'PENDING', sender_batch_header: { sender_batch_id: senderBatchId } }, links: [] } };
  }
}

const order = (overrides: Partial<PayoutOrder> = {}): PayoutOrder => ({
  cashoutId: 41,
  idempotencyId: 'c0ffee00-0000-4000-8000-000000000041',
  method: 'paypal',
  account: 'user@example.com',
  amountCoins: 5000,
  amountDollars: '5.00',
  currency: 'USD',
  attempt: 1,
  providerReference: null,
  ...overrides,
});

let fake: FakePayPal;
let standIn: StandIn;
let rail: PayoutRail;

const build = (values: Record<string, string> = {}, baseUrl = standIn.baseUrl) =>
  paypal.create({ baseUrl, values: { CLIENT_ID: 'client-id', CLIENT_SECRET: 'client-secret', WEBHOOK_ID: 'WH-1', ...values } }, testTools());

beforeEach(async () => {
  fake = new FakePayPal();
  standIn = await startStandIn(fake.handle);
  rail = build();
});

afterEach(() => standIn.close());

describe('sending', () => {
  it('creates one batch with our id as sender_batch_id and PayPal-Request-Id, and the cashout id as sender_item_id', async () => {
    await expect(rail.send(order())).resolves.toEqual({ kind: 'sent', providerReference: 'BATCH1' });
    const create = standIn.requests.find((request) => request.path === '/v1/payments/payouts')!;
    expect(create.headers['paypal-request-id']).toBe(order().idempotencyId);
    const body = JSON.parse(create.body) as { sender_batch_header: Record<string, string>; items: Record<string, unknown>[] };
    expect(body.sender_batch_header.sender_batch_id).toBe(order().idempotencyId);
    expect(body.items[0]).toMatchObject({ receiver: 'user@example.com', sender_item_id: '41', amount: { value: '5.00', currency: 'USD' } });
  });

  it('keeps the token until it expires, and fetches a new one after a 401', async () => {
    await rail.send(order());
    await rail.status(order({ providerReference: 'BATCH1' }));
    expect(fake.tokensIssued).toBe(1);
    let refused = false;
    fake.next = (request) => {
      if (!refused && request.path.startsWith('/v1/payments/payouts/')) {
        refused = true;
        return { status: 401, body: { name: 'AUTHENTICATION_FAILURE' } };
      }
      return undefined;
    };
    await expect(rail.status(order({ providerReference: 'BATCH1' }))).resolves.toEqual({ kind: 'sending', providerReference: 'BATCH1' });
    expect(fake.tokensIssued).toBe(2);
  });

  it('renews an expired token', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const clocked = paypal.create({ baseUrl: standIn.baseUrl, values: { CLIENT_ID: 'client-id', CLIENT_SECRET: 'client-secret' } }, testTools({ now: () => now }));
    await clocked.send(order());
    now = new Date(now.getTime() + 32_400_000);
    await clocked.status(order({ providerReference: 'BATCH1' }));
    expect(fake.tokensIssued).toBe(2);
  });

  it('maps a repeated sender_batch_id to the original batch, never a second payment', async () => {
    await rail.send(order());
    fake.batches.get(order().idempotencyId)!.status = 'SUCCESS';
    await expect(rail.send(order({ attempt: 2 }))).resolves.toEqual({ kind: 'paid', providerReference: 'BATCH1' });
    await expect(build().send(order({ attempt: 3 }))).resolves.toEqual({ kind: 'paid', providerReference: 'BATCH1' });
    expect(fake.paid.get(order().idempotencyId)).toBe(1);
  });

  it('a repeated id whose item is still pending reads sent; one that failed reads failed', async () => {
    await rail.send(order());
    await expect(rail.send(order())).resolves.toEqual({ kind: 'sent', providerReference: 'BATCH1' });
    fake.batches.get(order().idempotencyId)!.status = 'FAILED';
    await expect(rail.send(order())).resolves.toMatchObject({ kind: 'failed', providerReference: 'BATCH1' });
  });

  it('a duplicate refusal without a link is retried, not failed', async () => {
    fake.next = () => ({ status: 400, body: { name: 'USER_BUSINESS_ERROR', details: [{ issue: 'SENDER_BATCH_ID_ALREADY_USED' }] } });
    await expect(rail.send(order())).resolves.toMatchObject({ kind: 'retryable' });
  });

  it('never calls the address a duplicate refusal links to, only its id on our base URL', async () => {
    await rail.send(order());
    fake.next = (request) =>
      request.path === '/v1/payments/payouts'
        ? { status: 400, body: { name: 'USER_BUSINESS_ERROR', details: [{ issue: 'duplicate sender_batch_id' }], links: [{ href: 'https://evil.example/v1/payments/payouts/BATCH1', rel: 'self' }] } }
        : undefined;
    await expect(rail.send(order())).resolves.toEqual({ kind: 'sent', providerReference: 'BATCH1' });
    expect(standIn.requests.at(-1)!.path).toBe('/v1/payments/payouts/BATCH1');
  });

  it('a 4xx refusal fails for good; 5xx and 429 are retried', async () => {
    await expect(rail.send(order({ account: 'bad' }))).resolves.toEqual({ kind: 'failed', reason: expect.stringContaining('HTTP 422') });
    fake.next = (request) => (request.path === '/v1/payments/payouts' ? { status: 503, body: { name: 'SERVICE_UNAVAILABLE' } } : undefined);
    await expect(rail.send(order())).resolves.toMatchObject({ kind: 'retryable', reason: 'PayPal answered HTTP 503' });
    fake.next = (request) => (request.path === '/v1/payments/payouts' ? { status: 429, body: {}, headers: { 'retry-after': '7' } } : undefined);
    await expect(rail.send(order())).resolves.toMatchObject({ kind: 'retryable', retryAfterMs: 7000 });
    fake.next = (request) => (request.path === '/v1/payments/payouts' ? { status: 500, body: '<html>oops' } : undefined);
    await expect(rail.send(order())).resolves.toMatchObject({ kind: 'retryable' });
  });

  it('gives up after the timeout with a retryable outcome, and a retry after it pays once', async () => {
    fake.next = (request) => {
      if (request.path !== '/v1/payments/payouts') return undefined;
      // PayPal received and paid it, but answered too late.
      fake.next = undefined;
      const answer = fake.handle(request);
      return { ...answer, delayMs: PAST_THE_TIMEOUT_MS };
    };
    await expect(rail.send(order())).resolves.toEqual({ kind: 'retryable', reason: 'PayPal did not answer in time' });
    await expect(rail.send(order({ attempt: 2 }))).resolves.toEqual({ kind: 'sent', providerReference: 'BATCH1' });
    expect(fake.paid.get(order().idempotencyId)).toBe(1);
  });

  it('the token and the payout together give up within one timeout', async () => {
    fake.next = (request) => (request.path === '/v1/oauth2/token' || request.path === '/v1/payments/payouts' ? { ...fake.handleWithoutOverride(request), delayMs: TEST_TIMEOUT_MS * 0.9 } : undefined);
    const started = Date.now();
    await expect(rail.send(order())).resolves.toEqual({ kind: 'retryable', reason: 'PayPal did not answer in time' });
    // Each alone within the timeout, both together past it: one deadline for the two calls.
    expect(Date.now() - started).toBeLessThan(TEST_TIMEOUT_MS * 1.4);
  });

  it('wrong credentials, or no PayPal at all, are retryable and name no secret', async () => {
    const wrong = build({ CLIENT_SECRET: 'nope' });
    const outcome = await wrong.send(order());
    expect(outcome).toMatchObject({ kind: 'retryable', reason: expect.stringContaining('credentials') });
    expect(JSON.stringify(outcome)).not.toContain('nope');
    const nowhere = build({}, 'http://127.0.0.1:1');
    await expect(nowhere.send(order())).resolves.toMatchObject({ kind: 'retryable' });
    await expect(nowhere.status(order({ providerReference: 'BATCH1' }))).resolves.toMatchObject({ kind: 'unreachable' });
  });
});

describe('status', () => {
  it.each([
    ['SUCCESS', { kind: 'paid', providerReference: 'BATCH1' }],
    ['PENDING', { kind: 'sending', providerReference: 'BATCH1' }],
    ['UNCLAIMED', { kind: 'sending', providerReference: 'BATCH1' }],
    ['ONHOLD', { kind: 'sending', providerReference: 'BATCH1' }],
    ['FAILED', { kind: 'failed', reason: expect.any(String), providerReference: 'BATCH1' }],
    ['BLOCKED', { kind: 'failed', reason: expect.any(String), providerReference: 'BATCH1' }],
    ['RETURNED', { kind: 'unclaimed', reason: expect.any(String), providerReference: 'BATCH1' }],
    ['REFUNDED', { kind: 'unclaimed', reason: expect.any(String), providerReference: 'BATCH1' }],
    ['REVERSED', { kind: 'returned', reason: expect.any(String), providerReference: 'BATCH1' }],
  ])('reads item status %s', async (status, expected) => {
    fake.itemStatus = status;
    await rail.send(order());
    await expect(rail.status(order({ providerReference: 'BATCH1' }))).resolves.toEqual(expected);
  });

  it('without a reference answers unknown (a send under the same id is refused and mapped)', async () => {
    await expect(rail.status(order())).resolves.toEqual({ kind: 'unknown' });
  });

  it('a batch PayPal does not find, a 5xx or a timeout is unreachable, never unknown', async () => {
    await expect(rail.status(order({ providerReference: 'NOPE' }))).resolves.toMatchObject({ kind: 'unreachable' });
    fake.next = (request) => (request.path.startsWith('/v1/payments/payouts/') ? { status: 500 } : undefined);
    await expect(rail.status(order({ providerReference: 'BATCH1' }))).resolves.toMatchObject({ kind: 'unreachable' });
    fake.next = (request) => (request.path.startsWith('/v1/payments/payouts/') ? { status: 200, body: {}, delayMs: PAST_THE_TIMEOUT_MS } : undefined);
    await expect(rail.status(order({ providerReference: 'BATCH1' }))).resolves.toEqual({ kind: 'unreachable', reason: 'PayPal did not answer in time' });
  });
});

describe('webhooks', () => {
  const itemEvent = (eventType: string, transactionStatus: string, id = 'WH-EVT-1') =>
    JSON.stringify({
      id,
      event_type: eventType,
      resource_type: 'payouts_item',
      resource: {
        payout_item_id: 'ITEMBATCH1',
        transaction_status: transactionStatus,
        payout_batch_id: 'BATCH1',
        sender_batch_id: order().idempotencyId,
        payout_item: { recipient_type: 'EMAIL', amount: { value: '5.00', currency: 'USD' }, receiver: 'user@example.com', sender_item_id: '41' },
      },
    });
  const request = (rawBody: string, signature = 'good-signature'): RailWebhookRequest => ({
    rawBody,
    url: 'https://rewards.example/api/payouts/webhooks/paypal',
    headers: {
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42',
      'paypal-transmission-id': '103e3700-8d1a-11ef-b3c4-3b3b9e9d0d5a',
      'paypal-transmission-sig': signature,
      'paypal-transmission-time': '2026-11-27T09:00:00Z',
    },
  });

  it('verifies with PayPal’s API, our webhook id and the event exactly as received', async () => {
    const body = itemEvent('PAYMENT.PAYOUTS-ITEM.SUCCEEDED', 'SUCCESS');
    await expect(rail.webhook!.verify(request(body))).resolves.toBe(true);
    const call = standIn.requests.find((seen) => seen.path === '/v1/notifications/verify-webhook-signature')!;
    expect(call.body).toContain(`"webhook_event":${body}`);
    expect(JSON.parse(call.body)).toMatchObject({ webhook_id: 'WH-1', transmission_sig: 'good-signature', auth_algo: 'SHA256withRSA' });
  });

  it('refuses a wrong signature, missing headers, a non-object body, and PayPal being unreachable', async () => {
    const body = itemEvent('PAYMENT.PAYOUTS-ITEM.SUCCEEDED', 'SUCCESS');
    await expect(rail.webhook!.verify(request(body, 'forged'))).resolves.toBe(false);
    await expect(rail.webhook!.verify({ ...request(body), headers: {} })).resolves.toBe(false);
    await expect(rail.webhook!.verify(request('[1,2]'))).resolves.toBe(false);
    await expect(rail.webhook!.verify(request('{"a":1},"webhook_id":"WH-1"'))).resolves.toBe(false);
    fake.next = () => ({ status: 500 });
    await expect(rail.webhook!.verify(request(body))).resolves.toBe(false);
  });

  it('has no webhook without a webhook id', () => {
    expect(build({ WEBHOOK_ID: '' }).webhook).toBeUndefined();
    expect(paypal.create({ baseUrl: standIn.baseUrl, values: { CLIENT_ID: 'a', CLIENT_SECRET: 'b' } }, testTools()).webhook).toBeUndefined();
  });

  it('reads payout item events with our id, the cashout id and the batch reference', () => {
    expect(rail.webhook!.parse(request(itemEvent('PAYMENT.PAYOUTS-ITEM.SUCCEEDED', 'SUCCESS')))).toEqual([
      { eventId: 'WH-EVT-1', idempotencyId: order().idempotencyId, cashoutId: 41, state: { kind: 'paid', providerReference: 'BATCH1' } },
    ]);
    const kinds = (eventType: string) => rail.webhook!.parse(request(itemEvent(eventType, 'X'))).map((event) => event.state.kind);
    expect(kinds('PAYMENT.PAYOUTS-ITEM.FAILED')).toEqual(['failed']);
    expect(kinds('PAYMENT.PAYOUTS-ITEM.BLOCKED')).toEqual(['failed']);
    expect(kinds('PAYMENT.PAYOUTS-ITEM.UNCLAIMED')).toEqual(['sending']);
    expect(kinds('PAYMENT.PAYOUTS-ITEM.HELD')).toEqual(['sending']);
    expect(kinds('PAYMENT.PAYOUTS-ITEM.RETURNED')).toEqual(['unclaimed']);
    expect(kinds('PAYMENT.PAYOUTS-ITEM.REFUNDED')).toEqual(['unclaimed']);
    expect(kinds('PAYMENT.PAYOUTS-ITEM.CANCELED')).toEqual(['unclaimed']);
    expect(kinds('PAYMENT.PAYOUTSBATCH.PROCESSING')).toEqual([]);
    expect(kinds('CHECKOUT.ORDER.APPROVED')).toEqual([]);
  });

  it('a denied batch fails the cashout by our id', () => {
    const body = JSON.stringify({ id: 'E2', event_type: 'PAYMENT.PAYOUTSBATCH.DENIED', resource: { batch_header: { payout_batch_id: 'BATCH1', batch_status: 'DENIED', sender_batch_header: { sender_batch_id: 'our-id' } } } });
    expect(rail.webhook!.parse(request(body))).toEqual([{ eventId: 'E2', idempotencyId: 'our-id', state: { kind: 'failed', reason: expect.any(String), providerReference: 'BATCH1' } }]);
  });

  it('duplicate and out-of-order events parse the same each time (the worker only moves forward)', () => {
    const succeeded = request(itemEvent('PAYMENT.PAYOUTS-ITEM.SUCCEEDED', 'SUCCESS'));
    const unclaimed = request(itemEvent('PAYMENT.PAYOUTS-ITEM.UNCLAIMED', 'UNCLAIMED', 'WH-EVT-0'));
    const first = rail.webhook!.parse(succeeded);
    expect(rail.webhook!.parse(succeeded)).toEqual(first);
    expect(rail.webhook!.parse(unclaimed)[0]!.state).toEqual({ kind: 'sending', providerReference: 'BATCH1' });
  });

  it('hostile bodies never throw anything but MalformedWebhookError, and verify never throws', async () => {
    for (const body of HOSTILE_BODIES) {
      await expect(rail.webhook!.verify(request(body, 'forged'))).resolves.toBe(false);
      try {
        const events = rail.webhook!.parse(request(body));
        expect(Array.isArray(events)).toBe(true);
      } catch (error) {
        expect(error).toBeInstanceOf(MalformedWebhookError);
      }
    }
    const wrongTypes = JSON.stringify({ id: 'E', event_type: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED', resource: { payout_batch_id: 5, payout_item: { sender_item_id: { x: 1 } } } });
    expect(rail.webhook!.parse(request(wrongTypes))).toEqual([]);
    const hugeId = JSON.stringify({ id: 'E', event_type: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED', resource: { payout_batch_id: 'B', payout_item: { sender_item_id: '9'.repeat(40) } } });
    expect(rail.webhook!.parse(request(hugeId))[0]).not.toHaveProperty('cashoutId');
  });
});
