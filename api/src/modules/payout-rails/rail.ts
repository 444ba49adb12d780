import type { PayoutMethodName } from '@rewards/shared/contracts/cashout-types';

/**
 * The payout rail contract: what every way of paying a cashout (PayPal Payouts, Tremendous, a crypto
 * provider, the simulated rail) implements. An adapter author needs only this file:
 *
 * 1. Write `adapters/<rail>.ts` exporting a `RailDefinition` built from the provider's own API documentation,
 *    and add it to `RAIL_DEFINITIONS` in registry.ts (one line). Configuration, the production refusals, the
 *    worker, reconciliation, webhooks (`POST /api/payouts/webhooks/<rail>`) and `pnpm ops payouts:*` need
 *    nothing else.
 * 2. Its configuration comes from the environment as `PAYOUT_<RAIL>_<NAME>` (e.g. `PAYOUT_PAYPAL_CLIENT_ID`) for
 *    each of its `settings`, and `PAYOUT_<RAIL>_BASE_URL` (else `defaultBaseUrl`, the provider's sandbox). In
 *    production a method whose rail is automatic refuses to start while a `required` setting is unset.
 * 3. `send` pays one cashout. It is called with the SAME `idempotencyId` on every try of that cashout (also
 *    after a crash of ours, a timeout, a 5xx): pass it to the provider as its idempotency key / batch id /
 *    external id, so the provider pays it at most once. When the provider answers that the id was already
 *    used ("already processed", a duplicate batch id, a 409 ...) answer that payout's state, as `status` would
 *    (never `failed`, never a second payment).
 * 4. `status` asks the provider about one cashout by our id (or the reference an earlier try got); the worker
 *    uses it to reconcile `sending` and `failed` cashouts at start and periodically, instead of sending again
 *    blindly. Answer `unknown` only when the provider says it has no payout under this id (then sending it is
 *    safe); when the provider could not be asked, answer `unreachable`.
 * 5. Optionally `webhook`: `verify` proves the request came from the provider as its documentation says
 *    (signature header, or the provider's verification API); `parse` reads its events. The same event may
 *    come twice and events may come out of order: the worker only ever moves a cashout forward, so repeat
 *    events are harmless, but never report a state the provider did not say.
 * 6. Never throw for a provider's answer: map it to an outcome. A thrown error counts as `retryable` for
 *    `send` and `unreachable` for `status`. Never put a credential into a `reason` (operators and logs read it).
 *    Use `tools.fetch` (tests replace it and the provider's base URL by a local stand-in) and give up after
 *    `tools.timeoutMs` with a `retryable` outcome.
 * 7. Test it against a local HTTP server answering as the provider documents (success, 4xx, 5xx, a timeout,
 *    a repeated id, webhooks signed right and wrong, repeated and out of order): `src/test/payout-stand-in.ts`
 *    is the simulated rail's, and `payouts.test.ts` shows how the worker, reconciliation and the webhook route
 *    are driven (`app.payouts.runRound()`, `ops payouts:reconcile`, `POST /api/payouts/webhooks/<rail>`).
 */

/** One cashout as a rail is asked to pay it. */
export type PayoutOrder = {
  cashoutId: number;
  /** Ours, the same on every try of this cashout: the provider's idempotency key, batch id or external id. */
  idempotencyId: string;
  method: PayoutMethodName;
  /** Where the money goes, as the user typed it: an email address, a wallet address, an account id. */
  account: string;
  /** The amount in integer coins (1000 per dollar). */
  amountCoins: number;
  /** The same amount in dollars with two decimals ("5.00"), as providers take it. */
  amountDollars: string;
  currency: 'USD';
  /** 1 on the first try. */
  attempt: number;
  /** What an earlier try or a webhook learned of the provider's id for this payout; null before. */
  providerReference: string | null;
};

/** What `send` answers. */
export type SendOutcome =
  /** The provider paid it already (or says it was paid before under this id). */
  | { kind: 'paid'; providerReference: string }
  /** Accepted; paid or failed comes later, by webhook or `status`. */
  | { kind: 'sent'; providerReference: string }
  /** Refused for good, nothing was paid (a bad receiver, a closed account): retrying cannot help; an operator decides. */
  | { kind: 'failed'; reason: string; providerReference?: string }
  /** Not known to be received (timeout, 5xx, 429, network): the worker tries again later with the same id. */
  | { kind: 'retryable'; reason: string; retryAfterMs?: number };

/** What a provider says about one payout, by `status` or by webhook. */
export type ProviderState =
  /** In progress at the provider (unclaimed yet, pending, processing). */
  | { kind: 'sending'; providerReference: string }
  | { kind: 'paid'; providerReference: string }
  /** Not paid, and it will not be (denied, blocked, failed); nothing left our account. */
  | { kind: 'failed'; reason: string; providerReference?: string }
  /** Paid, then the money came back to us (refused by the receiver, reversed): refunded to the user. */
  | { kind: 'returned'; reason: string; providerReference: string }
  /** Never claimed by the receiver and given back to us: refunded to the user. */
  | { kind: 'unclaimed'; reason: string; providerReference: string };

/** What `status` answers. */
export type StatusOutcome =
  | ProviderState
  /** The provider has no payout under this id: it never received it, so it may be sent (with the same id). */
  | { kind: 'unknown' }
  /** The provider could not be asked now (timeout, 5xx, network). */
  | { kind: 'unreachable'; reason: string };

/** A webhook as it reached `POST /api/payouts/webhooks/<rail>`, raw. */
export type RailWebhookRequest = {
  /** Lowercase names; a header sent several times keeps its first value. */
  headers: Readonly<Record<string, string>>;
  /** The body exactly as received (signatures cover the bytes). */
  rawBody: string;
  /** The URL the provider called, as we were addressed (some signatures cover it). */
  url: string;
};

/** One payout event of a webhook. */
export type RailEvent = {
  /** The provider's id of this event (duplicates share it); used for logs only. */
  eventId: string;
  /** Our id if the provider echoes it (sender_batch_id, external_id ...); else the cashout is found by reference. */
  idempotencyId?: string;
  /** The cashout id if the provider echoes it (sender_item_id ...). */
  cashoutId?: number;
  state: ProviderState;
};

/** Thrown by `parse` for a body it cannot read: the route answers 400 and changes nothing. */
export class MalformedWebhookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedWebhookError';
  }
}

export type RailWebhook = {
  /** Whether the request carries the provider's proof (as its documentation describes); false answers 401. */
  verify(request: RailWebhookRequest): Promise<boolean>;
  /** The payout events in a verified request; events about other things are left out (an empty list is fine). */
  parse(request: RailWebhookRequest): RailEvent[];
};

/** A rail built with its settings: what the worker, reconciliation and the webhook route call. */
export type PayoutRail = {
  send(order: PayoutOrder): Promise<SendOutcome>;
  status(order: PayoutOrder): Promise<StatusOutcome>;
  webhook?: RailWebhook;
};

/** One rail's configuration, read from `PAYOUT_<RAIL>_BASE_URL` and `PAYOUT_<RAIL>_<SETTING>`. */
export type RailConfig = {
  /** The provider's API origin (sandbox or live), without a trailing slash; '' when unset without a default. */
  baseUrl: string;
  /** Setting name (as in `settings`: credentials, webhook ids ...) → value; an unset one is absent. */
  values: Readonly<Record<string, string>>;
};

/** What a rail may use besides its settings; tests replace them. */
export type RailTools = {
  fetch: typeof fetch;
  /** Give up on one provider call after this long (then `retryable` / `unreachable`). */
  timeoutMs: number;
  now: () => Date;
  /** The site's public origin, when known (PUBLIC_URL): for webhook verification that covers our URL. */
  publicUrl?: string;
};

export type RailSetting = {
  /** Upper case letters, digits and _, the end of `PAYOUT_<RAIL>_<NAME>`: e.g. CLIENT_ID. */
  name: string;
  description: string;
  /**
   * A credential the rail cannot pay without: production refuses to start while a method uses the rail and
   * this is unset. Leave it false for what only webhooks need (without it webhooks are refused and the
   * worker polls `status`) and for tuning values.
   */
  required: boolean;
  /** A secret: never printed (ops, logs). */
  secret: boolean;
};

export type RailDefinition = {
  /** Lower case letters and digits: the value of `PAYOUT_RAIL_<METHOD>` and the `<RAIL>` of its variables. */
  name: string;
  /** For people (operators, docs). */
  title: string;
  /** Where the provider documents the API this adapter speaks. */
  docs: string;
  /** Which payout methods it can pay; `PAYOUT_RAIL_<METHOD>` naming it for another method is refused. */
  methods: readonly PayoutMethodName[] | 'all';
  /** False only for `manual`: an operator pays and marks the cashout; the worker never sends it. */
  automatic: boolean;
  /** Refused in production (the simulated rail pays nobody). */
  developmentOnly?: boolean;
  /** The provider's sandbox origin, used when `PAYOUT_<RAIL>_BASE_URL` is unset. */
  defaultBaseUrl?: string;
  settings: readonly RailSetting[];
  create(config: RailConfig, tools: RailTools): PayoutRail;
};
