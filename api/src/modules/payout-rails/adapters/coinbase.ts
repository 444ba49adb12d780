import { createHmac, createPrivateKey, type KeyObject, randomBytes, sign } from 'node:crypto';
import type { PayoutOrder, PayoutRail, ProviderState, RailConfig, RailDefinition, RailEvent, RailTools, RailWebhook, SendOutcome, StatusOutcome } from '../rail';
import { MalformedWebhookError } from '../rail';
import {
  arrayField,
  callProvider,
  isRecord,
  isRetryableStatus,
  noAnswerReason,
  operationDeadline,
  parseJson,
  type ProviderAnswer,
  recordField,
  retryAfterMs,
  sameSecret,
  shortText,
  stringField,
  trimBase,
} from './provider-http';

/**
 * Coinbase Developer Platform Payments API, transfers (https://docs.cdp.coinbase.com/api-reference/v2/rest-api/transfers/create-transfer),
 * for the crypto method: the cashout's dollars leave our Coinbase account as a stablecoin (USDC on Base by
 * default) to the wallet address the user typed.
 *
 * - Every call carries a JWT signed with our CDP API key (ES256 for an EC key in PEM, EdDSA for a base64
 *   Ed25519 key), claims `sub`, `iss: cdp`, `aud: [cdp_service]`, `uris: ["METHOD host/path"]`, two minutes long.
 * - `POST /v2/transfers` with `execute: true`, our idempotency id (a UUID v4) as `X-Idempotency-Key` and in
 *   `metadata`. Coinbase answers a repeat of the key with the first answer (within 24 hours); a 409
 *   `idempotency_error` is read by looking the transfer up.
 * - The provider reference is the `transferId`; `status` reads `GET /v2/transfers/{id}`. Without a reference
 *   it looks through the latest transfers for our id in `metadata`, and answers `unknown` when none has it
 *   (a send then repeats the same key, which Coinbase answers with the original transfer).
 * - Webhooks (`payments.transfers.*`) are verified by their `X-Hook0-Signature` header: `t` (timestamp), `h`
 *   (signed header names) and `v1`, the hex HMAC-SHA256 with the subscription secret of
 *   `{t}.{h}.{values of those headers joined by "."}.{body}`; events older than five minutes are refused.
 *
 * In our terms: quoted, processing → sending; completed → paid; failed, canceled, expired → failed;
 * reversed → returned.
 */

const SANDBOX = 'https://sandbox.cdp.coinbase.com/platform';
const PROVIDER = 'Coinbase';
export const HOOK0_SIGNATURE_HEADER = 'x-hook0-signature';
/** Webhooks signed longer ago than this are refused (replays). */
const WEBHOOK_TOLERANCE_MS = 5 * 60_000;
/** How many pages of 100 transfers `status` reads looking for a payout sent without an answer. */
const LOOKUP_PAGES = 5;

export const coinbase: RailDefinition = {
  name: 'coinbase',
  title: 'Coinbase (CDP Payments API: stablecoin to a wallet address)',
  docs: 'https://docs.cdp.coinbase.com/api-reference/v2/rest-api/transfers/create-transfer',
  methods: ['letcoin'],
  automatic: true,
  defaultBaseUrl: SANDBOX,
  settings: [
    { name: 'API_KEY_ID', description: 'the CDP API key id', required: true, secret: false },
    { name: 'API_KEY_SECRET', description: 'the CDP API key secret (an EC key in PEM, or a base64 Ed25519 key)', required: true, secret: true },
    { name: 'ACCOUNT_ID', description: 'the Coinbase account the payouts leave from (account_…)', required: true, secret: false },
    { name: 'SOURCE_ASSET', description: 'the asset taken from the account (default "usd")', required: false, secret: false },
    { name: 'ASSET', description: 'the asset the user receives (default "usdc")', required: false, secret: false },
    { name: 'NETWORK', description: 'the network it is sent on (default "base")', required: false, secret: false },
    { name: 'WEBHOOK_SECRET', description: 'the webhook subscription secret; without it Coinbase webhooks are refused and transfers are polled', required: false, secret: true },
  ],
  create: (config, tools) => coinbaseRail(config, tools),
};

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** The signing key of a CDP API key secret, and its JWT algorithm; undefined for a secret of neither form. */
export function cdpSigningKey(secret: string): { key: KeyObject; alg: 'ES256' | 'EdDSA' } | undefined {
  const text = secret.replace(/\\n/g, '\n').trim();
  if (text.includes('-----BEGIN')) {
    try {
      const key = createPrivateKey(text);
      return key.asymmetricKeyType === 'ec' ? { key, alg: 'ES256' } : undefined;
    } catch {
      return undefined;
    }
  }
  const raw = Buffer.from(text, 'base64');
  if (raw.length !== 64) return undefined;
  try {
    const key = createPrivateKey({ key: { kty: 'OKP', crv: 'Ed25519', d: base64url(raw.subarray(0, 32)), x: base64url(raw.subarray(32)) }, format: 'jwk' });
    return { key, alg: 'EdDSA' };
  } catch {
    return undefined;
  }
}

/** A CDP bearer token for one request, as Coinbase's authentication documentation describes. */
export function cdpJwt(keyId: string, signing: { key: KeyObject; alg: 'ES256' | 'EdDSA' }, method: string, url: string, now: Date): string {
  const { host, pathname } = new URL(url);
  const seconds = Math.floor(now.getTime() / 1000);
  const header = { alg: signing.alg, kid: keyId, typ: 'JWT', nonce: randomBytes(16).toString('hex') };
  const claims = { sub: keyId, iss: 'cdp', aud: ['cdp_service'], uris: [`${method} ${host}${pathname}`], iat: seconds, nbf: seconds, exp: seconds + 120 };
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  const signature =
    signing.alg === 'ES256' ? sign('sha256', Buffer.from(input), { key: signing.key, dsaEncoding: 'ieee-p1363' }) : sign(null, Buffer.from(input), signing.key);
  return `${input}.${base64url(signature)}`;
}

function stateOfTransfer(transfer: unknown): ProviderState | undefined {
  const reference = stringField(transfer, 'transferId');
  const status = (stringField(transfer, 'status') ?? '').toLowerCase();
  if (!reference || reference.length > 128) return undefined;
  const why = shortText(stringField(transfer, 'failureReason') ?? stringField(transfer, 'errorMessage'), 100);
  const reason = (text: string) => (why ? `${text}: ${why}` : text);
  switch (status) {
    case 'quoted':
    case 'processing':
    case 'pending':
      return { kind: 'sending', providerReference: reference };
    case 'completed':
      return { kind: 'paid', providerReference: reference };
    case 'failed':
    case 'canceled':
    case 'expired':
      return { kind: 'failed', reason: reason(`Coinbase says the transfer ${status}`), providerReference: reference };
    case 'reversed':
      return { kind: 'returned', reason: reason('Coinbase reversed the transfer'), providerReference: reference };
    default:
      return undefined;
  }
}

function sendOutcomeOf(state: StatusOutcome): SendOutcome {
  switch (state.kind) {
    case 'paid':
    case 'failed':
      return state;
    case 'sending':
    case 'returned':
    case 'unclaimed':
      return { kind: 'sent', providerReference: state.providerReference };
    case 'unknown':
      return { kind: 'retryable', reason: 'Coinbase says the idempotency key was used but no transfer carries our id yet' };
    case 'unreachable':
      return { kind: 'retryable', reason: state.reason };
  }
}

function errorText(answer: ProviderAnswer): string {
  const type = shortText(stringField(answer.body, 'errorType'), 40);
  const message = shortText(stringField(answer.body, 'errorMessage'), 120);
  return type ? `: ${type}${message ? ` (${message})` : ''}` : '';
}

export function coinbaseRail(config: RailConfig, tools: RailTools): PayoutRail {
  const base = trimBase(config.baseUrl || SANDBOX);
  const keyId = config.values.API_KEY_ID ?? '';
  const signing = cdpSigningKey(config.values.API_KEY_SECRET ?? '');

  const call = async (method: 'GET' | 'POST', path: string, signal: AbortSignal, init: { body?: string; headers?: Record<string, string> } = {}): Promise<ProviderAnswer | string> => {
    if (!signing) return 'The Coinbase API key secret is neither an EC key in PEM nor a base64 Ed25519 key';
    const url = `${base}${path}`;
    const token = cdpJwt(keyId, signing, method, url.split('?')[0]!, tools.now());
    return callProvider(tools, url, {
      method,
      signal,
      headers: { ...init.headers, authorization: `Bearer ${token}`, accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
      ...(init.body ? { body: init.body } : {}),
    });
  };

  const byReference = async (reference: string, signal: AbortSignal): Promise<StatusOutcome> => {
    const answer = await call('GET', `/v2/transfers/${encodeURIComponent(reference)}`, signal);
    if (typeof answer === 'string') return { kind: 'unreachable', reason: answer };
    // A transfer id we got from Coinbase itself: a 404 is not proof nothing was paid, so never `unknown`.
    if (answer.status !== 200) return { kind: 'unreachable', reason: `Coinbase answered HTTP ${answer.status} for ${shortText(reference, 60)}` };
    return stateOfTransfer(answer.body) ?? { kind: 'unreachable', reason: 'Coinbase answered a transfer we cannot read' };
  };

  const byOurId = async (payout: PayoutOrder, signal: AbortSignal): Promise<StatusOutcome> => {
    let pageToken = '';
    for (let page = 0; page < LOOKUP_PAGES; page++) {
      const answer = await call('GET', `/v2/transfers?pageSize=100${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ''}`, signal);
      if (typeof answer === 'string') return { kind: 'unreachable', reason: answer };
      if (answer.status !== 200) return { kind: 'unreachable', reason: `Coinbase answered HTTP ${answer.status} listing transfers` };
      const match = arrayField(answer.body, 'transfers').find((transfer) => stringField(recordField(transfer, 'metadata'), 'payoutId') === payout.idempotencyId);
      if (match) return stateOfTransfer(match) ?? { kind: 'unreachable', reason: 'Coinbase answered a transfer we cannot read' };
      pageToken = stringField(answer.body, 'nextPageToken') ?? '';
      if (!pageToken) break;
    }
    return { kind: 'unknown' };
  };

  const send = async (payout: PayoutOrder): Promise<SendOutcome> => {
    const body = JSON.stringify({
      source: { accountId: config.values.ACCOUNT_ID ?? '', asset: config.values.SOURCE_ASSET ?? 'usd' },
      target: { address: payout.account, network: config.values.NETWORK ?? 'base', asset: config.values.ASSET ?? 'usdc' },
      amount: payout.amountDollars,
      asset: config.values.SOURCE_ASSET ?? 'usd',
      execute: true,
      metadata: { payoutId: payout.idempotencyId, cashoutId: String(payout.cashoutId) },
    });
    try {
      const deadline = operationDeadline(tools);
      const answer = await call('POST', '/v2/transfers', deadline, { body, headers: { 'x-idempotency-key': payout.idempotencyId } });
      if (typeof answer === 'string') return { kind: 'retryable', reason: answer };
      if (answer.status === 200 || answer.status === 201) {
        const state = stateOfTransfer(answer.body);
        return state ? sendOutcomeOf(state) : { kind: 'retryable', reason: 'Coinbase accepted a transfer we cannot read; it will be asked again' };
      }
      if (answer.status === 409) return sendOutcomeOf(await byOurId(payout, deadline));
      if (isRetryableStatus(answer.status)) return { kind: 'retryable', reason: `Coinbase answered HTTP ${answer.status}`, retryAfterMs: retryAfterMs(answer.headers) };
      if (answer.status === 401 || answer.status === 403) return { kind: 'retryable', reason: `Coinbase refused our API key (HTTP ${answer.status})` };
      return { kind: 'failed', reason: `Coinbase refused the transfer (HTTP ${answer.status}${errorText(answer)})` };
    } catch (error) {
      return { kind: 'retryable', reason: noAnswerReason(PROVIDER, error) };
    }
  };

  const status = async (payout: PayoutOrder): Promise<StatusOutcome> => {
    try {
      const deadline = operationDeadline(tools);
      return payout.providerReference ? await byReference(payout.providerReference, deadline) : await byOurId(payout, deadline);
    } catch (error) {
      return { kind: 'unreachable', reason: noAnswerReason(PROVIDER, error) };
    }
  };

  const rail: PayoutRail = { send, status };
  const secret = config.values.WEBHOOK_SECRET;
  if (secret) rail.webhook = coinbaseWebhook(secret, tools);
  return rail;
}

/** The `X-Hook0-Signature` value for a body and headers (tests sign with it, as Coinbase would). */
export function signHook0(secret: string, rawBody: string, timestampSeconds: number, signedHeaders: Readonly<Record<string, string>> = {}): string {
  const names = Object.keys(signedHeaders);
  const values = names.map((name) => signedHeaders[name]).join('.');
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${names.join(' ')}.${values}.${rawBody}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},h=${names.join(' ')},v1=${v1}`;
}

function coinbaseWebhook(secret: string, tools: RailTools): RailWebhook {
  return {
    verify: async (request) => {
      const header = request.headers[HOOK0_SIGNATURE_HEADER] ?? '';
      if (header === '' || header.length > 4096) return false;
      const parts = new Map<string, string>();
      for (const part of header.split(',')) {
        const at = part.indexOf('=');
        if (at > 0) parts.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
      }
      const t = parts.get('t') ?? '';
      const v1 = parts.get('v1') ?? '';
      if (!/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/i.test(v1)) return false;
      if (Math.abs(tools.now().getTime() - Number(t) * 1000) > WEBHOOK_TOLERANCE_MS) return false;
      const names = (parts.get('h') ?? '').split(' ').filter((name) => name !== '');
      const values = names.map((name) => request.headers[name.toLowerCase()] ?? '').join('.');
      const expected = createHmac('sha256', secret).update(`${t}.${names.join(' ')}.${values}.${request.rawBody}`, 'utf8').digest('hex');
      return sameSecret(v1.toLowerCase(), expected);
    },
    parse: (request) => {
      const event = parseJson(request.rawBody);
      if (!isRecord(event)) throw new MalformedWebhookError('The body is not a JSON object.');
      const eventId = stringField(event, 'eventId');
      const eventType = stringField(event, 'eventType');
      const data = recordField(event, 'data');
      if (!eventId || !eventType || !data) throw new MalformedWebhookError('The event has no eventId, eventType or data.');
      if (!eventType.startsWith('payments.transfers.')) return [];
      const state = stateOfTransfer(data);
      if (!state) return [];
      const payoutId = stringField(recordField(data, 'metadata'), 'payoutId');
      const result: RailEvent = { eventId, ...(payoutId ? { idempotencyId: payoutId } : {}), state };
      return [result];
    },
  };
}
