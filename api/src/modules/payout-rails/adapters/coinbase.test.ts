import { createPublicKey, generateKeyPairSync, type KeyObject, verify as verifySignature } from 'node:crypto';
import { MalformedWebhookError, type PayoutOrder, type PayoutRail, type RailWebhookRequest } from '../rail';
import { coinbase, signHook0 } from './coinbase';
import { HOSTILE_BODIES, type StandIn, type StandInAnswer, type StandInRequest, startStandIn, testTools, PAST_THE_TIMEOUT_MS } from './stand-in-server.test-kit';

/**
 * The Coinbase rail against a stand-in of the CDP Payments API, answering as its documentation describes:
 * JWT bearer tokens checked against our key, transfers idempotent by X-Idempotency-Key (a repeat answers the
 * first response, the same key with other parameters a 409 idempotency_error), transfers read by id and
 * listed with metadata, errors as {"errorType","errorMessage"}, webhooks signed with X-Hook0-Signature.
 */

type Transfer = { transferId: string; status: string; metadata: Record<string, string>; target: Record<string, string>; amount: string; failureReason?: string };

const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const ed = generateKeyPairSync('ed25519');
const EC_SECRET = ec.privateKey.export({ type: 'sec1', format: 'pem' }).toString();
const edJwk = ed.privateKey.export({ format: 'jwk' });
const ED_SECRET = Buffer.concat([Buffer.from(edJwk.d!, 'base64url'), Buffer.from(edJwk.x!, 'base64url')]).toString('base64');

class FakeCoinbase {
  transfers: Transfer[] = [];
  /** idempotency key → [request body, answer]. */
  keys = new Map<string, [string, StandInAnswer]>();
  statusOnCreate = 'processing';
  publicKey: KeyObject = createPublicKey(ec.privateKey);
  host = '';
  tokens: { alg: string; uris: string[] }[] = [];
  next: ((request: StandInRequest) => StandInAnswer | undefined) | undefined;
  private counter = 0;

  private authorized(request: StandInRequest): boolean {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const [header, claims, signature] = (token ?? '').split('.');
    if (!header || !claims || !signature) return false;
    const h = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string; kid: string; nonce: string };
    const c = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { sub: string; iss: string; uris: string[]; exp: number; nbf: number };
    const data = Buffer.from(`${header}.${claims}`);
    let good: boolean;
    try {
      good =
        h.alg === 'ES256'
          ? verifySignature('sha256', data, { key: this.publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))
          : verifySignature(null, data, this.publicKey, Buffer.from(signature, 'base64url'));
    } catch {
      good = false;
    }
    this.tokens.push({ alg: h.alg, uris: c.uris });
    const path = request.path.split('?')[0];
    return good && h.kid === 'key-id' && c.sub === 'key-id' && c.iss === 'cdp' && h.nonce.length > 0 && c.exp - c.nbf === 120 && c.uris[0] === `${request.method} ${this.host}${path}`;
  }

  handle = (request: StandInRequest): StandInAnswer => {
    const override = this.next?.(request);
    if (override) return override;
    if (!request.path.startsWith('/platform/')) return { status: 404, body: { errorType: 'not_found' } };
    if (!this.authorized(request)) return { status: 401, body: { errorType: 'unauthorized', errorMessage: 'Invalid token' } };
    const path = request.path.slice('/platform'.length);
    if (request.method === 'POST' && path === '/v2/transfers') {
      const key = request.headers['x-idempotency-key'];
      const seen = key ? this.keys.get(key) : undefined;
      if (seen) return seen[0] === request.body ? seen[1] : { status: 409, body: { errorType: 'idempotency_error', errorMessage: 'Idempotency key conflict' } };
      const body = JSON.parse(request.body) as { target: Record<string, string>; amount: string; metadata: Record<string, string>; execute: boolean };
      if (body.target.address === '0x3333333333333333333333333333333333333333') return { status: 400, body: { errorType: 'invalid_request', errorMessage: 'Invalid address', correlationId: 'c1' } };
      const transfer: Transfer = { transferId: `transfer_${++this.counter}`, status: this.statusOnCreate, metadata: body.metadata, target: body.target, amount: body.amount };
      this.transfers.unshift(transfer);
      // Coinbase keeps the first response as it was, whatever happens to the transfer since.
      const answer: StandInAnswer = { status: 201, body: structuredClone(transfer) };
      if (key) this.keys.set(key, [request.body, answer]);
      return answer;
    }
    const one = /^\/v2\/transfers\/([^/?]+)$/.exec(path);
    if (request.method === 'GET' && one) {
      const transfer = this.transfers.find((candidate) => candidate.transferId === one[1]);
      return transfer ? { status: 200, body: transfer } : { status: 404, body: { errorType: 'not_found', errorMessage: 'Transfer not found' } };
    }
    if (request.method === 'GET' && path.startsWith('/v2/transfers?')) {
      const query = new URLSearchParams(path.split('?')[1]);
      const size = Number(query.get('pageSize') ?? 20);
      const start = Number(query.get('pageToken') ?? 0);
      const page = this.transfers.slice(start, start + size);
      return { status: 200, body: { transfers: page, ...(start + size < this.transfers.length ? { nextPageToken: String(start + size) } : {}) } };
    }
    return { status: 404, body: { errorType: 'not_found' } };
  };
}

const order = (overrides: Partial<PayoutOrder> = {}): PayoutOrder => ({
  cashoutId: 63,
  idempotencyId: '6f1c2a3e-1b2c-4d5e-8f90-0123456789ab',
  method: 'letcoin',
  account: '0x1111111111111111111111111111111111111111',
  amountCoins: 2500,
  amountDollars: '2.50',
  currency: 'USD',
  attempt: 1,
  providerReference: null,
  ...overrides,
});

let fake: FakeCoinbase;
let standIn: StandIn;
let rail: PayoutRail;
let now: Date;
const build = (values: Record<string, string> = {}, baseUrl = `${standIn.baseUrl}/platform`) =>
  coinbase.create(
    { baseUrl, values: { API_KEY_ID: 'key-id', API_KEY_SECRET: EC_SECRET, ACCOUNT_ID: 'account_abc', WEBHOOK_SECRET: 'whsec', ...values } },
    testTools({ now: () => now }),
  );

beforeEach(async () => {
  now = new Date();
  fake = new FakeCoinbase();
  standIn = await startStandIn(fake.handle);
  fake.host = new URL(standIn.baseUrl).host;
  rail = build();
});

afterEach(() => standIn.close());

describe('sending', () => {
  it('creates an executed transfer with our id as X-Idempotency-Key and in metadata, signed with an ES256 JWT', async () => {
    await expect(rail.send(order())).resolves.toEqual({ kind: 'sent', providerReference: 'transfer_1' });
    const create = standIn.requests[0]!;
    expect(create.headers['x-idempotency-key']).toBe(order().idempotencyId);
    expect(JSON.parse(create.body)).toEqual({
      source: { accountId: 'account_abc', asset: 'usd' },
      target: { address: order().account, network: 'base', asset: 'usdc' },
      amount: '2.50',
      asset: 'usd',
      execute: true,
      metadata: { payoutId: order().idempotencyId, cashoutId: '63' },
    });
    expect(fake.tokens[0]).toEqual({ alg: 'ES256', uris: [`POST ${fake.host}/platform/v2/transfers`] });
  });

  it('signs with an Ed25519 key too', async () => {
    fake.publicKey = createPublicKey(ed.privateKey);
    await expect(build({ API_KEY_SECRET: ED_SECRET }).send(order())).resolves.toMatchObject({ kind: 'sent' });
    expect(fake.tokens[0]!.alg).toBe('EdDSA');
  });

  it('a key secret of neither form is retryable and never sent', async () => {
    const outcome = await build({ API_KEY_SECRET: 'not-a-key' }).send(order());
    expect(outcome).toMatchObject({ kind: 'retryable' });
    expect(JSON.stringify(outcome)).not.toContain('not-a-key');
    expect(standIn.requests).toHaveLength(0);
  });

  it('a repeated idempotency key answers the first transfer, never a second one', async () => {
    await rail.send(order());
    fake.transfers[0]!.status = 'completed';
    // Coinbase answers the repeat with the first response (processing); the transfer is read after.
    await expect(rail.send(order({ attempt: 2 }))).resolves.toEqual({ kind: 'sent', providerReference: 'transfer_1' });
    expect(fake.transfers).toHaveLength(1);
    await expect(rail.status(order({ providerReference: 'transfer_1' }))).resolves.toEqual({ kind: 'paid', providerReference: 'transfer_1' });
  });

  it('a 409 idempotency_error is read by looking the transfer up by our id', async () => {
    await rail.send(order());
    fake.transfers[0]!.status = 'completed';
    await expect(rail.send(order({ amountDollars: '2.51' }))).resolves.toEqual({ kind: 'paid', providerReference: 'transfer_1' });
    expect(fake.transfers).toHaveLength(1);
  });

  it('a transfer failed at once fails; a 4xx refusal fails with Coinbase’s error; 5xx, 429 and a bad key are retried', async () => {
    fake.statusOnCreate = 'failed';
    await expect(rail.send(order())).resolves.toMatchObject({ kind: 'failed', providerReference: 'transfer_1' });
    await expect(rail.send(order({ idempotencyId: 'other', account: '0x3333333333333333333333333333333333333333' }))).resolves.toEqual({
      kind: 'failed',
      reason: 'Coinbase refused the transfer (HTTP 400: invalid_request (Invalid address))',
    });
    fake.next = () => ({ status: 503, body: { errorType: 'internal_server_error' } });
    await expect(rail.send(order())).resolves.toMatchObject({ kind: 'retryable', reason: 'Coinbase answered HTTP 503' });
    fake.next = () => ({ status: 429, body: {}, headers: { 'retry-after': '2' } });
    await expect(rail.send(order())).resolves.toMatchObject({ kind: 'retryable', retryAfterMs: 2000 });
    fake.next = undefined;
    fake.publicKey = createPublicKey(ed.privateKey);
    await expect(rail.send(order({ idempotencyId: 'third' }))).resolves.toMatchObject({ kind: 'retryable', reason: expect.stringContaining('API key') });
  });

  it('a timeout is retryable, and the retry under the same key answers the transfer made meanwhile', async () => {
    fake.next = (request) => {
      if (request.method !== 'POST') return undefined;
      fake.next = undefined;
      return { ...fake.handle(request), delayMs: PAST_THE_TIMEOUT_MS };
    };
    await expect(rail.send(order())).resolves.toEqual({ kind: 'retryable', reason: 'Coinbase did not answer in time' });
    await expect(rail.send(order({ attempt: 2 }))).resolves.toEqual({ kind: 'sent', providerReference: 'transfer_1' });
    expect(fake.transfers).toHaveLength(1);
    await expect(build({}, 'http://127.0.0.1:1/platform').send(order())).resolves.toMatchObject({ kind: 'retryable' });
  });
});

describe('status', () => {
  it.each([
    ['quoted', { kind: 'sending', providerReference: 'transfer_1' }],
    ['processing', { kind: 'sending', providerReference: 'transfer_1' }],
    ['completed', { kind: 'paid', providerReference: 'transfer_1' }],
    ['failed', { kind: 'failed', reason: expect.any(String), providerReference: 'transfer_1' }],
    ['expired', { kind: 'failed', reason: expect.any(String), providerReference: 'transfer_1' }],
    ['reversed', { kind: 'returned', reason: expect.any(String), providerReference: 'transfer_1' }],
  ])('reads %s', async (transferStatus, expected) => {
    fake.statusOnCreate = transferStatus;
    await rail.send(order());
    await expect(rail.status(order({ providerReference: 'transfer_1' }))).resolves.toEqual(expected);
    expect(standIn.requests.at(-1)!.path).toBe('/platform/v2/transfers/transfer_1');
  });

  it('without a reference finds the transfer by our id in metadata, through pages', async () => {
    await rail.send(order());
    for (let n = 0; n < 150; n++) await rail.send(order({ idempotencyId: `filler-${n}` }));
    await expect(rail.status(order())).resolves.toEqual({ kind: 'sending', providerReference: 'transfer_1' });
    await expect(rail.status(order({ idempotencyId: 'never-sent' }))).resolves.toEqual({ kind: 'unknown' });
  });

  it('a reference Coinbase does not find, a 5xx or a timeout is unreachable, never unknown', async () => {
    await expect(rail.status(order({ providerReference: 'transfer_missing' }))).resolves.toMatchObject({ kind: 'unreachable' });
    fake.next = () => ({ status: 500 });
    await expect(rail.status(order())).resolves.toMatchObject({ kind: 'unreachable' });
    fake.next = () => ({ status: 200, body: {}, delayMs: PAST_THE_TIMEOUT_MS });
    await expect(rail.status(order({ providerReference: 'transfer_1' }))).resolves.toEqual({ kind: 'unreachable', reason: 'Coinbase did not answer in time' });
    fake.next = () => ({ status: 200, body: { transferId: 'transfer_1', status: 'something_new' } });
    await expect(rail.status(order({ providerReference: 'transfer_1' }))).resolves.toMatchObject({ kind: 'unreachable' });
  });
});

describe('webhooks', () => {
  const event = (eventType: string, status: string, eventId = 'evt-1') =>
    JSON.stringify({
      eventId,
      eventType,
      timestamp: '2026-01-01T00:00:00Z',
      data: { transferId: 'transfer_1', status, source: { accountId: 'account_abc', asset: 'usd' }, target: { address: '0x1', network: 'base', asset: 'usdc' }, targetAmount: '2.50' },
    });
  const seconds = () => Math.floor(now.getTime() / 1000);
  const request = (rawBody: string, signature?: string): RailWebhookRequest => {
    const headers = { 'content-type': 'application/json', 'x-hook0-event-id': 'evt-1' };
    return { rawBody, url: 'https://rewards.example/api/payouts/webhooks/coinbase', headers: { ...headers, 'x-hook0-signature': signature ?? signHook0('whsec', rawBody, seconds(), headers) } };
  };

  it('verifies the X-Hook0-Signature over the timestamp, the signed headers and the body', async () => {
    const body = event('payments.transfers.completed', 'completed');
    await expect(rail.webhook!.verify(request(body))).resolves.toBe(true);
    await expect(rail.webhook!.verify(request(body, signHook0('whsec', body, seconds())))).resolves.toBe(true);
    await expect(rail.webhook!.verify(request(body, signHook0('other-secret', body, seconds(), { 'content-type': 'application/json', 'x-hook0-event-id': 'evt-1' })))).resolves.toBe(false);
    const tampered = request(body);
    await expect(rail.webhook!.verify({ ...tampered, headers: { ...tampered.headers, 'x-hook0-event-id': 'evt-2' } })).resolves.toBe(false);
    await expect(rail.webhook!.verify({ ...tampered, rawBody: `${body} ` })).resolves.toBe(false);
    await expect(rail.webhook!.verify(request(body, 't=abc,v1=00'))).resolves.toBe(false);
    await expect(rail.webhook!.verify({ ...tampered, headers: {} })).resolves.toBe(false);
    expect(build({ WEBHOOK_SECRET: '' }).webhook).toBeUndefined();
  });

  it('refuses a replay signed more than five minutes ago', async () => {
    const body = event('payments.transfers.completed', 'completed');
    const old = signHook0('whsec', body, seconds() - 301, { 'content-type': 'application/json', 'x-hook0-event-id': 'evt-1' });
    await expect(rail.webhook!.verify(request(body, old))).resolves.toBe(false);
  });

  it('reads transfer events by transfer id', () => {
    expect(rail.webhook!.parse(request(event('payments.transfers.completed', 'completed')))).toEqual([{ eventId: 'evt-1', state: { kind: 'paid', providerReference: 'transfer_1' } }]);
    const kind = (eventType: string, status: string) => rail.webhook!.parse(request(event(eventType, status))).map((e) => e.state.kind);
    expect(kind('payments.transfers.quoted', 'quoted')).toEqual(['sending']);
    expect(kind('payments.transfers.processing', 'processing')).toEqual(['sending']);
    expect(kind('payments.transfers.failed', 'failed')).toEqual(['failed']);
    expect(kind('onramp.transaction.success', 'completed')).toEqual([]);
    expect(kind('payments.transfers.updated', 'mystery')).toEqual([]);
  });

  it('duplicate and out-of-order events parse the same each time', () => {
    const completed = request(event('payments.transfers.completed', 'completed'));
    const lateProcessing = request(event('payments.transfers.processing', 'processing', 'evt-0'));
    expect(rail.webhook!.parse(completed)).toEqual(rail.webhook!.parse(completed));
    expect(rail.webhook!.parse(lateProcessing)[0]!.state).toEqual({ kind: 'sending', providerReference: 'transfer_1' });
  });

  it('hostile bodies never throw anything but MalformedWebhookError, and verify never throws', async () => {
    for (const body of HOSTILE_BODIES) {
      await expect(rail.webhook!.verify(request(body, 'garbage,,==,t=,v1='))).resolves.toBe(false);
      await expect(rail.webhook!.verify(request(body))).resolves.toBe(true);
      try {
        expect(Array.isArray(rail.webhook!.parse(request(body)))).toBe(true);
      } catch (error) {
        expect(error).toBeInstanceOf(MalformedWebhookError);
      }
    }
    await expect(rail.webhook!.verify(request('{}', `t=1,h=${'x '.repeat(3000)},v1=${'0'.repeat(64)}`))).resolves.toBe(false);
  });
});
