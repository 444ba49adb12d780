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
  shortText,
  stringField,
  trimBase,
} from './provider-http';

/**
 * PayPal Payouts (https://developer.paypal.com/docs/api/payments.payouts-batch/v1/), for the PayPal method.
 *
 * - OAuth 2.0 client credentials: `POST /v1/oauth2/token`; the token is kept until shortly before it expires.
 * - One batch per cashout: `POST /v1/payments/payouts` with our idempotency id as
 *   `sender_batch_header.sender_batch_id` (and as the `PayPal-Request-Id` header) and the cashout id as the
 *   item's `sender_item_id`. PayPal pays a `sender_batch_id` once within 30 days: a repeat is refused with an
 *   error naming the duplicate and linking the original batch, which is then read instead.
 * - The provider reference is the `payout_batch_id`; `status` reads `GET /v1/payments/payouts/{id}` (the
 *   batch and its item). Without a reference PayPal offers no lookup by `sender_batch_id`, so `status`
 *   answers `unknown`: sending again is safe because the repeat is refused and mapped to the original batch.
 * - Webhooks: `PAYMENT.PAYOUTS-ITEM.*` (and `PAYMENT.PAYOUTSBATCH.DENIED`), verified with PayPal's
 *   `POST /v1/notifications/verify-webhook-signature` and our webhook id (`PAYOUT_PAYPAL_WEBHOOK_ID`).
 *
 * PayPal's item statuses in our terms: SUCCESS → paid; PENDING, ONHOLD, UNCLAIMED (claimable for 30 days),
 * NEW → sending; FAILED, BLOCKED, DENIED → failed; RETURNED (unclaimed for 30 days, back to us), REFUNDED and
 * CANCELED (we took an unclaimed item back) → unclaimed; REVERSED → returned.
 */

const SANDBOX = 'https://api-m.sandbox.paypal.com';
const PROVIDER = 'PayPal';
/** A token is renewed this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

export const paypal: RailDefinition = {
  name: 'paypal',
  title: 'PayPal Payouts',
  docs: 'https://developer.paypal.com/docs/api/payments.payouts-batch/v1/',
  methods: ['paypal'],
  automatic: true,
  defaultBaseUrl: SANDBOX,
  settings: [
    { name: 'CLIENT_ID', description: 'the REST app client id (OAuth 2.0 client credentials)', required: true, secret: false },
    { name: 'CLIENT_SECRET', description: 'the REST app secret', required: true, secret: true },
    { name: 'WEBHOOK_ID', description: 'the id PayPal gave our webhook; without it PayPal webhooks are refused and payouts are polled', required: false, secret: false },
    { name: 'EMAIL_SUBJECT', description: 'the subject of the email PayPal sends the receiver (default "You have a payout")', required: false, secret: false },
  ],
  create: (config, tools) => paypalRail(config, tools),
};

type TokenCache = { token: string; expiresAt: number } | undefined;

/** Thrown when no usable token could be had (PayPal unreachable, or our credentials refused: both retried). */
class TokenError extends Error {}

export function paypalRail(config: RailConfig, tools: RailTools): PayoutRail {
  const base = trimBase(config.baseUrl || SANDBOX);
  const clientId = config.values.CLIENT_ID ?? '';
  const clientSecret = config.values.CLIENT_SECRET ?? '';
  let cache: TokenCache;
  let pending: Promise<string> | undefined;

  const fetchToken = async (signal: AbortSignal): Promise<string> => {
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    let answer: ProviderAnswer;
    try {
      answer = await callProvider(tools, `${base}/v1/oauth2/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: 'grant_type=client_credentials',
        signal,
      });
    } catch (error) {
      throw new TokenError(noAnswerReason(PROVIDER, error));
    }
    const token = stringField(answer.body, 'access_token');
    const expiresIn = isRecord(answer.body) && typeof answer.body.expires_in === 'number' ? answer.body.expires_in : 0;
    if (answer.status === 200 && token) {
      cache = { token, expiresAt: tools.now().getTime() + Math.max(expiresIn * 1000 - TOKEN_MARGIN_MS, 0) };
      return token;
    }
    // A refused credential is a configuration problem: the payout itself may go through once it is fixed.
    throw new TokenError(`PayPal refused our credentials (HTTP ${answer.status})`);
  };

  const accessToken = async (signal: AbortSignal): Promise<string> => {
    if (cache && tools.now().getTime() < cache.expiresAt) return cache.token;
    pending ??= fetchToken(signal).finally(() => {
      pending = undefined;
    });
    return pending;
  };

  /** A call with the token; a 401 drops the token and tries once more with a new one. */
  const authorized: Authorized = async (path, signal, init = {}) => {
    for (let round = 0; ; round++) {
      const token = await accessToken(signal);
      const answer = await callProvider(tools, `${base}${path}`, {
        ...init,
        signal,
        headers: { ...init.headers, authorization: `Bearer ${token}`, accept: 'application/json' },
      });
      if (answer.status !== 401 || round > 0) return answer;
      cache = undefined;
    }
  };

  const batchState = async (batchId: string, order: PayoutOrder, signal: AbortSignal): Promise<StatusOutcome> => {
    const answer = await authorized(`/v1/payments/payouts/${encodeURIComponent(batchId)}`, signal);
    // We hold this reference from PayPal itself: a 404 is not proof it never paid, so it is never `unknown`.
    if (answer.status !== 200) return { kind: 'unreachable', reason: `PayPal answered HTTP ${answer.status} for payout batch ${shortText(batchId, 40)}` };
    return stateOfBatch(answer.body, batchId, order.cashoutId) ?? { kind: 'unreachable', reason: 'PayPal answered a payout batch we cannot read' };
  };

  const send = async (order: PayoutOrder): Promise<SendOutcome> => {
    const body = JSON.stringify({
      sender_batch_header: {
        sender_batch_id: order.idempotencyId,
        recipient_type: 'EMAIL',
        email_subject: config.values.EMAIL_SUBJECT ?? 'You have a payout',
      },
      items: [
        {
          recipient_type: 'EMAIL',
          receiver: order.account,
          amount: { value: order.amountDollars, currency: order.currency },
          sender_item_id: String(order.cashoutId),
          note: `Cashout ${order.cashoutId}`,
        },
      ],
    });
    try {
      const deadline = operationDeadline(tools);
      const answer = await authorized('/v1/payments/payouts', deadline, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'paypal-request-id': order.idempotencyId },
        body,
      });
      if (answer.status === 200 || answer.status === 201) {
        const header = recordField(answer.body, 'batch_header');
        const batchId = stringField(header, 'payout_batch_id');
        if (!batchId) return { kind: 'retryable', reason: 'PayPal accepted the payout without a batch id; it will be asked again' };
        if (stringField(header, 'batch_status') === 'DENIED') return { kind: 'failed', reason: 'PayPal denied the payout batch', providerReference: batchId };
        return { kind: 'sent', providerReference: batchId };
      }
      const duplicateOf = duplicateBatchId(answer);
      if (duplicateOf !== undefined) {
        if (duplicateOf === '') return { kind: 'retryable', reason: 'PayPal says this payout was sent before but names no batch; it will be asked again' };
        return sendOutcomeOf(await batchState(duplicateOf, order, deadline), duplicateOf);
      }
      if (isRetryableStatus(answer.status)) return { kind: 'retryable', reason: `PayPal answered HTTP ${answer.status}`, retryAfterMs: retryAfterMs(answer.headers) };
      if (answer.status === 401 || answer.status === 403) return { kind: 'retryable', reason: `PayPal refused our credentials (HTTP ${answer.status})` };
      return { kind: 'failed', reason: `PayPal refused the payout (HTTP ${answer.status}${errorText(answer.body)})` };
    } catch (error) {
      if (error instanceof TokenError) return { kind: 'retryable', reason: error.message };
      return { kind: 'retryable', reason: noAnswerReason(PROVIDER, error) };
    }
  };

  const status = async (order: PayoutOrder): Promise<StatusOutcome> => {
    if (!order.providerReference) return { kind: 'unknown' };
    try {
      return await batchState(order.providerReference, order, operationDeadline(tools));
    } catch (error) {
      return { kind: 'unreachable', reason: error instanceof TokenError ? error.message : noAnswerReason(PROVIDER, error) };
    }
  };

  const webhookId = config.values.WEBHOOK_ID;
  const rail: PayoutRail = { send, status };
  if (webhookId) rail.webhook = paypalWebhook(webhookId, authorized, tools);
  return rail;
}

/** What a state read right after sending means for `send`. */
function sendOutcomeOf(state: StatusOutcome, batchId: string): SendOutcome {
  switch (state.kind) {
    case 'paid':
      return state;
    case 'sending':
      return { kind: 'sent', providerReference: state.providerReference };
    case 'failed':
      return { kind: 'failed', reason: state.reason, providerReference: state.providerReference ?? batchId };
    case 'returned':
    case 'unclaimed':
      // Paid before and given back since: the worker learns it by `status`; it is not paid again.
      return { kind: 'sent', providerReference: state.providerReference };
    case 'unknown':
    case 'unreachable':
      return { kind: 'retryable', reason: state.kind === 'unreachable' ? state.reason : 'PayPal does not know the original batch yet' };
  }
}

/**
 * The batch id of the original payout when PayPal refused a repeated `sender_batch_id` ('' when it did not
 * link it); undefined for any other answer.
 */
function duplicateBatchId(answer: ProviderAnswer): string | undefined {
  if (answer.status < 400 || answer.status >= 500) return undefined;
  const body = answer.body;
  const name = stringField(body, 'name') ?? '';
  const texts = [name, stringField(body, 'message') ?? '', ...arrayField(body, 'details').flatMap((detail) => [stringField(detail, 'issue') ?? '', stringField(detail, 'field') ?? '', stringField(detail, 'description') ?? ''])];
  const joined = texts.join(' ').toUpperCase();
  const duplicate =
    name === 'DUPLICATE_REQUEST_ID' ||
    joined.includes('SENDER_BATCH_ID_ALREADY') ||
    joined.includes('DUPLICATE') ||
    (joined.includes('SENDER_BATCH_ID') && joined.includes('ALREADY'));
  if (!duplicate) return undefined;
  for (const link of arrayField(body, 'links')) {
    // Only the id is taken from the link: we never call an address a response names.
    const match = /\/v1\/payments\/payouts\/([A-Za-z0-9_-]{1,64})(?:[/?#]|$)/.exec(stringField(link, 'href') ?? '');
    if (match?.[1]) return match[1];
  }
  return '';
}

function errorText(body: unknown): string {
  const name = shortText(stringField(body, 'name'), 60);
  const issue = shortText(stringField(arrayField(body, 'details')[0], 'issue'), 80);
  return name ? `: ${name}${issue ? ` (${issue})` : ''}` : '';
}

/** Our state of one PayPal payout item status; undefined for one we do not know. */
function stateOfItemStatus(status: string, reference: string, why: string | undefined): ProviderState | undefined {
  const reason = (text: string) => (why ? `${text}: ${why}` : text);
  switch (status.toUpperCase()) {
    case 'SUCCESS':
    case 'SUCCEEDED':
      return { kind: 'paid', providerReference: reference };
    case 'PENDING':
    case 'ONHOLD':
    case 'HELD':
    case 'UNCLAIMED':
    case 'NEW':
      return { kind: 'sending', providerReference: reference };
    case 'FAILED':
    case 'BLOCKED':
    case 'DENIED':
      return { kind: 'failed', reason: reason(`PayPal says the payout ${status.toLowerCase()}`), providerReference: reference };
    case 'RETURNED':
    case 'REFUNDED':
    case 'CANCELED':
      return { kind: 'unclaimed', reason: reason(`PayPal returned the unclaimed payout (${status.toLowerCase()})`), providerReference: reference };
    case 'REVERSED':
      return { kind: 'returned', reason: reason('PayPal reversed the payout'), providerReference: reference };
    default:
      return undefined;
  }
}

/** The state of our item in a batch read by `GET /v1/payments/payouts/{id}`. */
function stateOfBatch(body: unknown, batchId: string, cashoutId: number): StatusOutcome | undefined {
  const header = recordField(body, 'batch_header');
  if (!header) return undefined;
  const items = arrayField(body, 'items');
  const item = items.find((candidate) => stringField(recordField(candidate, 'payout_item'), 'sender_item_id') === String(cashoutId)) ?? items[0];
  const batchStatus = stringField(header, 'batch_status') ?? '';
  if (batchStatus === 'DENIED' || batchStatus === 'CANCELED') return { kind: 'failed', reason: `PayPal ${batchStatus === 'DENIED' ? 'denied' : 'canceled'} the payout batch`, providerReference: batchId };
  if (!item) return { kind: 'sending', providerReference: batchId };
  const itemStatus = stringField(item, 'transaction_status');
  if (!itemStatus) return { kind: 'sending', providerReference: batchId };
  const why = shortText(stringField(recordField(item, 'errors'), 'name') ?? stringField(recordField(item, 'errors'), 'message'), 80);
  return stateOfItemStatus(itemStatus, batchId, why) ?? { kind: 'sending', providerReference: batchId };
}

const ITEM_EVENTS: Record<string, string> = {
  'PAYMENT.PAYOUTS-ITEM.SUCCEEDED': 'SUCCESS',
  'PAYMENT.PAYOUTS-ITEM.FAILED': 'FAILED',
  'PAYMENT.PAYOUTS-ITEM.BLOCKED': 'BLOCKED',
  'PAYMENT.PAYOUTS-ITEM.DENIED': 'DENIED',
  'PAYMENT.PAYOUTS-ITEM.HELD': 'ONHOLD',
  'PAYMENT.PAYOUTS-ITEM.UNCLAIMED': 'UNCLAIMED',
  'PAYMENT.PAYOUTS-ITEM.RETURNED': 'RETURNED',
  'PAYMENT.PAYOUTS-ITEM.REFUNDED': 'REFUNDED',
  'PAYMENT.PAYOUTS-ITEM.CANCELED': 'CANCELED',
};

const PAYPAL_HEADERS = ['paypal-auth-algo', 'paypal-cert-url', 'paypal-transmission-id', 'paypal-transmission-sig', 'paypal-transmission-time'] as const;

/** A call with PayPal's token, within an operation's deadline. */
type Authorized = (path: string, signal: AbortSignal, init?: RequestInit & { headers?: Record<string, string> }) => Promise<ProviderAnswer>;

function paypalWebhook(webhookId: string, authorized: Authorized, tools: RailTools): RailWebhook {
  return {
    // As PayPal documents it: its verification API is given the transmission headers, our webhook id and the
    // event. The event goes in as the bytes received (PayPal signs those), after checking they are one JSON object.
    verify: async (request) => {
      const headers = PAYPAL_HEADERS.map((name) => request.headers[name]);
      if (headers.some((value) => value === undefined || value === '' || value.length > 2048)) return false;
      if (!isRecord(parseJson(request.rawBody))) return false;
      const [authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime] = headers as string[];
      const fields = JSON.stringify({
        auth_algo: authAlgo,
        cert_url: certUrl,
        transmission_id: transmissionId,
        transmission_sig: transmissionSig,
        transmission_time: transmissionTime,
        webhook_id: webhookId,
      });
      const body = `${fields.slice(0, -1)},"webhook_event":${request.rawBody}}`;
      try {
        const answer = await authorized('/v1/notifications/verify-webhook-signature', operationDeadline(tools), { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        return answer.status === 200 && stringField(answer.body, 'verification_status') === 'SUCCESS';
      } catch {
        return false;
      }
    },
    parse: (request) => {
      const event = parseJson(request.rawBody);
      if (!isRecord(event)) throw new MalformedWebhookError('The body is not a JSON object.');
      const eventType = stringField(event, 'event_type');
      const eventId = stringField(event, 'id');
      const resource = recordField(event, 'resource');
      if (!eventType || !eventId || !resource) throw new MalformedWebhookError('The event has no id, event_type or resource.');
      return paypalEvents(eventId, eventType, resource);
    },
  };
}

function paypalEvents(eventId: string, eventType: string, resource: Record<string, unknown>): RailEvent[] {
  if (eventType === 'PAYMENT.PAYOUTSBATCH.DENIED') {
    const header = recordField(resource, 'batch_header') ?? resource;
    const batchId = stringField(header, 'payout_batch_id');
    const senderBatchId = stringField(recordField(header, 'sender_batch_header'), 'sender_batch_id');
    if (!batchId) return [];
    return [{ eventId, ...(senderBatchId ? { idempotencyId: senderBatchId } : {}), state: { kind: 'failed', reason: 'PayPal denied the payout batch', providerReference: batchId } }];
  }
  const itemStatus = ITEM_EVENTS[eventType];
  if (!itemStatus) return [];
  const batchId = stringField(resource, 'payout_batch_id');
  if (!batchId) return [];
  const senderItemId = stringField(recordField(resource, 'payout_item'), 'sender_item_id');
  const senderBatchId = stringField(resource, 'sender_batch_id');
  const cashoutId = senderItemId !== undefined && /^\d{1,15}$/.test(senderItemId) ? Number(senderItemId) : undefined;
  const why = shortText(stringField(recordField(resource, 'errors'), 'name'), 80);
  const state = stateOfItemStatus(itemStatus, batchId, why);
  if (!state) return [];
  return [{ eventId, ...(senderBatchId ? { idempotencyId: senderBatchId } : {}), ...(cashoutId !== undefined ? { cashoutId } : {}), state }];
}
