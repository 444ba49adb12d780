import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  MalformedWebhookError,
  type PayoutOrder,
  type PayoutRail,
  type ProviderState,
  type RailConfig,
  type RailDefinition,
  type RailEvent,
  type RailTools,
  type RailWebhook,
  type SendOutcome,
  type StatusOutcome,
} from '../rail';

/**
 * The simulated rail, for development, demos and tests (refused in production): it pays nobody, but runs the
 * whole loop offline like the demo wall: a payout is accepted at once and reads `paid` a few seconds later
 * (`PAYOUT_SIMULATED_DELAY_MS`).
 *
 * Without `PAYOUT_SIMULATED_BASE_URL` the "provider" lives in this process (forgotten at restart: a payout
 * it no longer knows is sent again under the same id, and paid). With it, the rail speaks this small HTTP
 * protocol to a stand-in provider (the kill test and `pnpm bench:payouts` run one):
 *
 *   POST {base}/v1/payouts        {"id","account","amount","currency"} → 201 {"id","reference","status"} the
 *                                 first time, 200 with the same payout for an id it already has
 *   GET  {base}/v1/payouts/{id}   → 200 {"id","reference","status","reason"?} | 404 unknown id
 *
 * where status is pending | paid | failed | returned | unclaimed.
 *
 * With `PAYOUT_SIMULATED_WEBHOOK_SECRET` it also takes webhooks at `/api/payouts/webhooks/simulated`: a JSON
 * body `{"events":[{"event_id","id","reference","status","reason"?}]}` signed in the header
 * `x-simulated-signature` as the hex HMAC-SHA256 of the body with that secret.
 */

const DEFAULT_DELAY_MS = 3000;

type SimulatedStatus = 'pending' | 'paid' | 'failed' | 'returned' | 'unclaimed';
type SimulatedPayout = { id: string; reference: string; status: SimulatedStatus; reason?: string };

export const simulated: RailDefinition = {
  name: 'simulated',
  title: 'Simulated (development only: pays after a few seconds)',
  docs: 'api/src/modules/payout-rails/adapters/simulated.ts',
  methods: 'all',
  automatic: true,
  developmentOnly: true,
  settings: [
    { name: 'DELAY_MS', description: 'how long after it was sent a simulated payout reads paid (default 3000)', required: false, secret: false },
    { name: 'WEBHOOK_SECRET', description: 'signs simulated webhooks (HMAC-SHA256 of the body)', required: false, secret: true },
  ],
  create: (config, tools) => {
    const rail = config.baseUrl ? remoteSimulation(config, tools) : inProcessSimulation(delayOf(config), tools);
    const secret = config.values.WEBHOOK_SECRET;
    return secret ? { ...rail, webhook: simulatedWebhook(secret) } : rail;
  },
};

export const SIMULATED_SIGNATURE_HEADER = 'x-simulated-signature';

/** The signature a simulated webhook carries (tests sign with it, as the provider would). */
export function signSimulatedWebhook(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

function simulatedWebhook(secret: string): RailWebhook {
  return {
    verify: async (request) => {
      const given = request.headers[SIMULATED_SIGNATURE_HEADER] ?? '';
      const expected = signSimulatedWebhook(secret, request.rawBody);
      return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
    },
    parse: (request) => {
      let body: unknown;
      try {
        body = JSON.parse(request.rawBody);
      } catch {
        throw new MalformedWebhookError('The body is not JSON.');
      }
      const events = (body as { events?: unknown } | null)?.events;
      if (!Array.isArray(events)) throw new MalformedWebhookError('The body has no events list.');
      return events.map((item: unknown, index): RailEvent => {
        const payout = payoutOf(item);
        const eventId = (item as { event_id?: unknown }).event_id;
        if (!payout) throw new MalformedWebhookError(`Event ${index} is not a payout.`);
        return { eventId: typeof eventId === 'string' ? eventId : `${payout.id}:${payout.status}`, idempotencyId: payout.id, state: stateOf(payout) };
      });
    },
  };
}

function delayOf(config: RailConfig): number {
  const text = config.values.DELAY_MS;
  return text !== undefined && /^\d{1,9}$/.test(text) ? Number(text) : DEFAULT_DELAY_MS;
}

function stateOf(payout: SimulatedPayout): ProviderState {
  const providerReference = payout.reference;
  const reason = payout.reason ?? `The simulated provider says ${payout.status}`;
  switch (payout.status) {
    case 'pending':
      return { kind: 'sending', providerReference };
    case 'paid':
      return { kind: 'paid', providerReference };
    case 'failed':
      return { kind: 'failed', reason, providerReference };
    case 'returned':
      return { kind: 'returned', reason, providerReference };
    case 'unclaimed':
      return { kind: 'unclaimed', reason, providerReference };
  }
}

function sendOutcomeOf(payout: SimulatedPayout): SendOutcome {
  const state = stateOf(payout);
  if (state.kind === 'sending') return { kind: 'sent', providerReference: state.providerReference };
  if (state.kind === 'paid') return state;
  // Returned or unclaimed right at sending cannot happen; a refusal reads as failed.
  return { kind: 'failed', reason: 'reason' in state ? state.reason : 'refused', providerReference: payout.reference };
}

/** Payouts of this process, shared by every rail instance of it (as a provider's would be). */
const inProcessPayouts = new Map<string, { payout: SimulatedPayout; payAt: number }>();

function inProcessSimulation(delayMs: number, tools: RailTools): PayoutRail {
  const current = (id: string): SimulatedPayout | undefined => {
    const entry = inProcessPayouts.get(id);
    if (entry && entry.payout.status === 'pending' && tools.now().getTime() >= entry.payAt) entry.payout.status = 'paid';
    return entry?.payout;
  };
  return {
    send: async (order) => {
      const known = current(order.idempotencyId);
      if (known) return sendOutcomeOf(known);
      const payout: SimulatedPayout = { id: order.idempotencyId, reference: `SIM-${randomUUID()}`, status: 'pending' };
      inProcessPayouts.set(order.idempotencyId, { payout, payAt: tools.now().getTime() + delayMs });
      return sendOutcomeOf(current(order.idempotencyId) ?? payout);
    },
    status: async (order) => {
      const known = current(order.idempotencyId);
      return known ? stateOf(known) : { kind: 'unknown' };
    },
  };
}

const STATUSES = new Set<string>(['pending', 'paid', 'failed', 'returned', 'unclaimed']);

function payoutOf(body: unknown): SimulatedPayout | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { id, reference, status, reason } = body as Record<string, unknown>;
  if (typeof id !== 'string' || typeof reference !== 'string' || typeof status !== 'string' || !STATUSES.has(status)) return undefined;
  return { id, reference, status: status as SimulatedStatus, ...(typeof reason === 'string' ? { reason } : {}) };
}

function remoteSimulation(config: RailConfig, tools: RailTools): PayoutRail {
  const base = config.baseUrl.replace(/\/+$/, '');
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await tools.fetch(`${base}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      signal: AbortSignal.timeout(tools.timeoutMs),
    });
    const body: unknown = await response.json().catch(() => undefined);
    return { status: response.status, payout: payoutOf(body) };
  };
  return {
    send: async (order: PayoutOrder): Promise<SendOutcome> => {
      try {
        const body = JSON.stringify({ id: order.idempotencyId, account: order.account, amount: order.amountDollars, currency: order.currency });
        const { status, payout } = await call('/v1/payouts', { method: 'POST', body });
        if ((status === 200 || status === 201) && payout) return sendOutcomeOf(payout);
        if (status >= 400 && status < 500 && status !== 408 && status !== 429) return { kind: 'failed', reason: `The simulated provider refused the payout (HTTP ${status})` };
        return { kind: 'retryable', reason: `The simulated provider answered HTTP ${status}` };
      } catch (error) {
        return { kind: 'retryable', reason: `The simulated provider did not answer: ${(error as Error).name}` };
      }
    },
    status: async (order: PayoutOrder): Promise<StatusOutcome> => {
      try {
        const { status, payout } = await call(`/v1/payouts/${encodeURIComponent(order.idempotencyId)}`);
        if (status === 404) return { kind: 'unknown' };
        if (status === 200 && payout) return stateOf(payout);
        return { kind: 'unreachable', reason: `The simulated provider answered HTTP ${status}` };
      } catch (error) {
        return { kind: 'unreachable', reason: `The simulated provider did not answer: ${(error as Error).name}` };
      }
    },
  };
}
