import { createHmac } from 'node:crypto';
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
 * Tremendous (https://developers.tremendous.com/reference), for the gift card method (the Visa virtual gift
 * card, delivered by email).
 *
 * - `POST /api/v2/orders` with a Bearer API key, one reward per order, our idempotency id as `external_id`.
 *   Tremendous documents `external_id` as making the order idempotent: a repeat answers the original order
 *   (201) and creates nothing. A 409 naming the external id is read the same way, by looking the order up.
 * - `GET /api/v2/orders/{external_id}` reads the order by our id (404: Tremendous has none, so it may be
 *   sent); the reward's delivery status comes with it, else from `GET /api/v2/rewards/{id}`.
 * - The provider reference is the reward id: the reward webhooks name it.
 * - Webhooks are verified by the `Tremendous-Webhook-Signature` header, `sha256=` and the hex HMAC-SHA256 of
 *   the body keyed with the webhook's private key (`PAYOUT_TREMENDOUS_WEBHOOK_PRIVATE_KEY`).
 *
 * In our terms: an order executed whose reward is delivered (SUCCEEDED) → paid; executed and delivery
 * scheduled/pending, in cart, pending approval → sending; order FAILED (e.g. no funds) or delivery FAILED
 * (a bounced email: the reward stays at Tremendous, an operator resends or cancels it) → failed; the order or
 * reward CANCELED (the unredeemed value back on our Tremendous balance) → returned.
 */

const SANDBOX = 'https://testflight.tremendous.com';
const PROVIDER = 'Tremendous';
export const TREMENDOUS_SIGNATURE_HEADER = 'tremendous-webhook-signature';

export const tremendous: RailDefinition = {
  name: 'tremendous',
  title: 'Tremendous (gift cards)',
  docs: 'https://developers.tremendous.com/reference/create-order',
  methods: ['visa'],
  automatic: true,
  defaultBaseUrl: SANDBOX,
  settings: [
    { name: 'API_KEY', description: 'the API key (Bearer)', required: true, secret: true },
    { name: 'CAMPAIGN_ID', description: 'the campaign that defines the gift card the user receives', required: true, secret: false },
    { name: 'PRODUCT_ID', description: 'a product id overriding the campaign’s products (optional)', required: false, secret: false },
    { name: 'FUNDING_SOURCE_ID', description: 'the funding source paying the orders (default "balance")', required: false, secret: false },
    { name: 'WEBHOOK_PRIVATE_KEY', description: 'the webhook’s private key; without it Tremendous webhooks are refused and orders are polled', required: false, secret: true },
  ],
  create: (config, tools) => tremendousRail(config, tools),
};

/** What the reward delivery statuses and order statuses of Tremendous mean for a cashout. */
function stateOfOrder(order: Record<string, unknown>, deliveryStatus: string | undefined): ProviderState | undefined {
  const orderStatus = (stringField(order, 'status') ?? '').toUpperCase();
  const reward = arrayField(order, 'rewards')[0];
  const reference = stringField(reward, 'id') ?? stringField(order, 'id');
  if (!reference) return undefined;
  switch (orderStatus) {
    case 'FAILED':
      return { kind: 'failed', reason: 'Tremendous could not process the order (e.g. insufficient funds)', providerReference: reference };
    case 'CANCELED':
      return { kind: 'returned', reason: 'Tremendous canceled the order; its value is back on our balance', providerReference: reference };
    case 'CART':
    case 'OPEN':
    case 'PENDING APPROVAL':
    case 'PENDING INTERNAL PAYMENT APPROVAL':
      return { kind: 'sending', providerReference: reference };
    case 'EXECUTED':
      return stateOfDelivery(deliveryStatus ?? '', reference);
    default:
      return undefined;
  }
}

function stateOfDelivery(deliveryStatus: string, reference: string): ProviderState {
  switch (deliveryStatus.toUpperCase()) {
    case 'SUCCEEDED':
      return { kind: 'paid', providerReference: reference };
    case 'FAILED':
      return { kind: 'failed', reason: 'Tremendous could not deliver the gift card (e.g. the email bounced)', providerReference: reference };
    default:
      return { kind: 'sending', providerReference: reference };
  }
}

const deliveryStatusOf = (reward: unknown) => stringField(recordField(reward, 'delivery'), 'status');

export function tremendousRail(config: RailConfig, tools: RailTools): PayoutRail {
  const base = trimBase(config.baseUrl || SANDBOX);
  const apiKey = config.values.API_KEY ?? '';
  const headers = (json: boolean): Record<string, string> => ({
    authorization: `Bearer ${apiKey}`,
    accept: 'application/json',
    ...(json ? { 'content-type': 'application/json' } : {}),
  });

  /** The state of an order Tremendous answered, asking for the reward when the order does not carry its delivery. */
  const stateOfAnswer = async (order: Record<string, unknown>, signal: AbortSignal): Promise<StatusOutcome> => {
    const reward = arrayField(order, 'rewards')[0];
    let delivery = deliveryStatusOf(reward);
    const rewardId = stringField(reward, 'id');
    if (delivery === undefined && rewardId && (stringField(order, 'status') ?? '').toUpperCase() === 'EXECUTED') {
      const answer = await callProvider(tools, `${base}/api/v2/rewards/${encodeURIComponent(rewardId)}`, { headers: headers(false), signal });
      if (answer.status !== 200) return { kind: 'unreachable', reason: `Tremendous answered HTTP ${answer.status} for reward ${shortText(rewardId, 40)}` };
      delivery = deliveryStatusOf(recordField(answer.body, 'reward'));
    }
    return stateOfOrder(order, delivery) ?? { kind: 'unreachable', reason: `Tremendous answered an order status we do not know (${shortText(stringField(order, 'status'), 40)})` };
  };

  const lookUp = async (payout: PayoutOrder, signal: AbortSignal): Promise<StatusOutcome> => {
    const answer = await callProvider(tools, `${base}/api/v2/orders/${encodeURIComponent(payout.idempotencyId)}`, { headers: headers(false), signal });
    if (answer.status === 404) return { kind: 'unknown' };
    const order = recordField(answer.body, 'order');
    if (answer.status === 200 && order) return stateOfAnswer(order, signal);
    return { kind: 'unreachable', reason: `Tremendous answered HTTP ${answer.status}` };
  };

  const send = async (payout: PayoutOrder): Promise<SendOutcome> => {
    const productId = config.values.PRODUCT_ID;
    const body = JSON.stringify({
      external_id: payout.idempotencyId,
      payment: { funding_source_id: config.values.FUNDING_SOURCE_ID ?? 'balance' },
      reward: {
        campaign_id: config.values.CAMPAIGN_ID,
        ...(productId ? { products: [productId] } : {}),
        value: { denomination: Number(payout.amountDollars), currency_code: payout.currency },
        recipient: { name: recipientName(payout.account), email: payout.account },
        delivery: { method: 'EMAIL' },
      },
    });
    try {
      const deadline = operationDeadline(tools);
      const answer = await callProvider(tools, `${base}/api/v2/orders`, { method: 'POST', headers: headers(true), body, signal: deadline });
      const order = recordField(answer.body, 'order');
      if ((answer.status === 200 || answer.status === 201) && order) return sendOutcomeOf(await stateOfAnswer(order, deadline));
      if (answer.status === 409) return sendOutcomeOf(await lookUp(payout, deadline));
      if (isRetryableStatus(answer.status)) return { kind: 'retryable', reason: `Tremendous answered HTTP ${answer.status}`, retryAfterMs: retryAfterMs(answer.headers) };
      if (answer.status === 401 || answer.status === 403) return { kind: 'retryable', reason: `Tremendous refused our API key (HTTP ${answer.status})` };
      if (answer.status === 200 || answer.status === 201) return { kind: 'retryable', reason: 'Tremendous answered an order we cannot read; it will be asked again' };
      return { kind: 'failed', reason: `Tremendous refused the order (HTTP ${answer.status}${errorText(answer)})` };
    } catch (error) {
      return { kind: 'retryable', reason: noAnswerReason(PROVIDER, error) };
    }
  };

  const status = async (payout: PayoutOrder): Promise<StatusOutcome> => {
    try {
      return await lookUp(payout, operationDeadline(tools));
    } catch (error) {
      return { kind: 'unreachable', reason: noAnswerReason(PROVIDER, error) };
    }
  };

  const rail: PayoutRail = { send, status };
  const privateKey = config.values.WEBHOOK_PRIVATE_KEY;
  if (privateKey) rail.webhook = tremendousWebhook(privateKey);
  return rail;
}

function sendOutcomeOf(state: StatusOutcome): SendOutcome {
  switch (state.kind) {
    case 'paid':
      return state;
    case 'sending':
      return { kind: 'sent', providerReference: state.providerReference };
    case 'failed':
      return state;
    case 'returned':
    case 'unclaimed':
      // Known and given back since: `status` reports it; it is never ordered again.
      return { kind: 'sent', providerReference: state.providerReference };
    case 'unknown':
      return { kind: 'retryable', reason: 'Tremendous says the external id is taken but has no such order yet' };
    case 'unreachable':
      return { kind: 'retryable', reason: state.reason };
  }
}

/** Tremendous wants a recipient name; the site knows only the email, whose local part stands in for it. */
function recipientName(email: string): string {
  const local = email.split('@')[0] ?? '';
  return local.trim().slice(0, 60) || 'Reward recipient';
}

function errorText(answer: ProviderAnswer): string {
  const message = shortText(stringField(recordField(answer.body, 'errors'), 'message'), 120);
  return message ? `: ${message}` : '';
}

/** The signature header Tremendous sends for `rawBody` (tests sign with it, as Tremendous would). */
export function signTremendousWebhook(privateKey: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', privateKey).update(rawBody, 'utf8').digest('hex')}`;
}

const REWARD_EVENTS: Record<string, (reference: string, meta: Record<string, unknown> | undefined) => ProviderState> = {
  'REWARDS.DELIVERY.SUCCEEDED': (reference) => ({ kind: 'paid', providerReference: reference }),
  'REWARDS.DELIVERY.FAILED': (reference, meta) => {
    const why = shortText(stringField(meta, 'failure_reason'), 60);
    return { kind: 'failed', reason: `Tremendous could not deliver the gift card${why ? ` (${why})` : ''}`, providerReference: reference };
  },
  'REWARDS.CANCELED': (reference) => ({ kind: 'returned', reason: 'Tremendous canceled the reward; its value is back on our balance', providerReference: reference }),
  'REWARDS.FLAGGED': (reference) => ({ kind: 'sending', providerReference: reference }),
};

function tremendousWebhook(privateKey: string): RailWebhook {
  return {
    verify: async (request) => {
      const given = (request.headers[TREMENDOUS_SIGNATURE_HEADER] ?? '').trim();
      if (given === '' || given.length > 200) return false;
      const expected = signTremendousWebhook(privateKey, request.rawBody);
      // The documented form is "sha256=<hex>"; a bare hex digest is accepted too.
      return sameSecret(given.toLowerCase(), expected) || sameSecret(`sha256=${given.toLowerCase()}`, expected);
    },
    parse: (request) => {
      const event = parseJson(request.rawBody);
      if (!isRecord(event)) throw new MalformedWebhookError('The body is not a JSON object.');
      const name = stringField(event, 'event');
      const eventId = stringField(event, 'uuid');
      const payload = recordField(event, 'payload');
      if (!name || !eventId || !payload) throw new MalformedWebhookError('The event has no event, uuid or payload.');
      const toState = REWARD_EVENTS[name];
      const resource = recordField(payload, 'resource');
      const reference = stringField(resource, 'id');
      // Order events name the order, not the reward we keep as reference: polling reads those.
      if (!toState || !reference || reference.length > 64) return [];
      const result: RailEvent = { eventId, state: toState(reference, recordField(payload, 'meta')) };
      return [result];
    },
  };
}
