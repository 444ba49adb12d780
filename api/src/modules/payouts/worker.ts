import { coinsToDollarString } from '@rewards/shared/rules/money';
import type { PayoutMethodName } from '@rewards/shared/contracts/cashout-types';
import type { Database } from '../../db/database';
import type { CashoutRow } from '../cashout/repository';
import type { PayoutsConfig } from '../payout-rails/payouts-config';
import type { PayoutOrder, PayoutRail, RailTools, SendOutcome, StatusOutcome } from '../payout-rails/rail';
import { railDefinition } from '../payout-rails/registry';
import {
  applyProviderState,
  backToApproved,
  claimDueChecks,
  claimSendable,
  mergeEffects,
  noEffects,
  type PayoutEffects,
  postponeCheck,
  recordFailure,
  recordSent,
  resumeSending,
  unsettled,
} from './settle';

/** Provider calls one worker makes at once. */
const CONCURRENCY = 16;
/** Cashouts one round claims at most (per kind). */
const BATCH = 64;
/** A provider call gives up after this long. */
export const PROVIDER_TIMEOUT_MS = 15_000;
/** A `sending` cashout whose worker recorded nothing for this long is asked about (its worker died). */
export const SEND_LEASE_MS = 2 * PROVIDER_TIMEOUT_MS;
/** An unreachable provider is asked again after this long. */
const UNREACHABLE_RETRY_MS = 60_000;

/** The rails of a configuration, built once each, with the tools they use. */
export type RailSet = { get(name: string | null): PayoutRail | undefined };

export function railSetOf(payouts: Pick<PayoutsConfig, 'railConfigs'>, tools: Partial<RailTools> = {}): RailSet {
  const built = new Map<string, PayoutRail>();
  const allTools: RailTools = { fetch: globalThis.fetch, timeoutMs: PROVIDER_TIMEOUT_MS, now: () => new Date(), ...tools };
  return {
    get(name) {
      const definition = name ? railDefinition(name) : undefined;
      if (!definition?.automatic) return undefined;
      let rail = built.get(definition.name);
      if (!rail) {
        rail = definition.create(payouts.railConfigs[definition.name] ?? { baseUrl: definition.defaultBaseUrl ?? '', values: {} }, allTools);
        built.set(definition.name, rail);
      }
      return rail;
    },
  };
}

export function orderOf(row: CashoutRow): PayoutOrder {
  return {
    cashoutId: row.id,
    idempotencyId: row.payoutId,
    method: row.method as PayoutMethodName,
    account: row.account,
    amountCoins: row.amountCoins,
    amountDollars: coinsToDollarString(row.amountCoins),
    currency: 'USD',
    attempt: Math.max(row.attempts, 1),
    providerReference: row.providerReference,
  };
}

/** The wait before try `attempt + 1`: 30 s doubling, at most an hour. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(attempt - 1, 0), 3_600_000);
}

/** When to ask again about a payout the provider has in progress: soon at first, then less often (1 s to 10 min). */
export function nextCheckDelayMs(row: CashoutRow, now: Date): number {
  const since = row.sendingSince ?? row.createdAt;
  return Math.min(Math.max((now.getTime() - since.getTime()) / 4, 1000), 600_000);
}

async function safeSend(rail: PayoutRail, order: PayoutOrder): Promise<SendOutcome> {
  try {
    return await rail.send(order);
  } catch (error) {
    return { kind: 'retryable', reason: `The payout could not be sent: ${(error as Error).message ?? String(error)}` };
  }
}

async function safeStatus(rail: PayoutRail, order: PayoutOrder): Promise<StatusOutcome> {
  try {
    return await rail.status(order);
  } catch (error) {
    return { kind: 'unreachable', reason: `The provider could not be asked: ${(error as Error).message ?? String(error)}` };
  }
}

export type WorkerOptions = { rails: RailSet; retryLimit: number; now?: () => Date };

/** Runs `work` over `items`, at most CONCURRENCY at once. */
async function eachLimited<T>(items: readonly T[], work: (item: T) => Promise<PayoutEffects>, concurrency = CONCURRENCY): Promise<PayoutEffects> {
  const effects = noEffects();
  let next = 0;
  const runners = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      mergeEffects(effects, await work(item));
    }
  });
  await Promise.all(runners);
  return effects;
}

/** A cashout tried before (or retried by an operator): the provider may already have it, so it is asked first. */
const triedBefore = (row: CashoutRow) => row.attempts > 1 || row.providerReference !== null || row.failureReason !== null;

/**
 * Sends one claimed (`sending`) cashout through its rail with its idempotency id, and records the outcome.
 * A cashout tried before is first asked about, never sent blindly.
 */
export async function sendClaimed(db: Database, row: CashoutRow, options: WorkerOptions): Promise<PayoutEffects> {
  const now = options.now ?? (() => new Date());
  const effects = noEffects();
  const rail = options.rails.get(row.rail);
  if (!rail) {
    const change = await recordFailure(db, row, `The ${row.rail ?? 'unknown'} rail does not send payouts: an operator must act`, null);
    if (change) effects.changes.push(change);
    return effects;
  }
  const order = orderOf(row);
  if (triedBefore(row)) {
    const known = await safeStatus(rail, order);
    if (known.kind === 'unreachable') return retryLater(db, row, known.reason, options);
    if (known.kind !== 'unknown') {
      if (known.kind === 'sending') await recordSent(db, row, known.providerReference, new Date(now().getTime() + nextCheckDelayMs(row, now())));
      else return applyProviderState(db, row.id, known, new Date(now().getTime() + nextCheckDelayMs(row, now())));
      return effects;
    }
  }
  const outcome = await safeSend(rail, order);
  switch (outcome.kind) {
    case 'paid':
      return applyProviderState(db, row.id, outcome, now());
    case 'sent':
      await recordSent(db, row, outcome.providerReference, new Date(now().getTime() + nextCheckDelayMs(row, now())));
      return effects;
    case 'failed': {
      const change = await recordFailure(db, row, outcome.reason, null, outcome.providerReference);
      if (change) effects.changes.push(change);
      return effects;
    }
    case 'retryable':
      return retryLater(db, row, outcome.reason, options, outcome.retryAfterMs);
  }
}

async function retryLater(db: Database, row: CashoutRow, reason: string, options: WorkerOptions, retryAfterMs?: number): Promise<PayoutEffects> {
  const now = (options.now ?? (() => new Date()))();
  const exhausted = row.attempts >= options.retryLimit;
  const retryAt = exhausted ? null : new Date(now.getTime() + Math.max(retryAfterMs ?? 0, backoffMs(row.attempts)));
  const change = await recordFailure(db, row, exhausted ? `${reason} (tried ${row.attempts} times: waiting for an operator)` : reason, retryAt);
  const effects = noEffects();
  if (change) effects.changes.push(change);
  return effects;
}

/**
 * Asks the provider about one `sending` or `failed` cashout and records what it says. A `sending` cashout the
 * provider never received goes back to approved (sent again under the same id); nothing is ever sent from here.
 */
export async function checkCashout(db: Database, row: CashoutRow, options: WorkerOptions): Promise<PayoutEffects> {
  const now = (options.now ?? (() => new Date()))();
  const effects = noEffects();
  const rail = options.rails.get(row.rail);
  if (!rail) return effects;
  const known = await safeStatus(rail, orderOf(row));
  if (known.kind === 'unreachable') {
    if (row.status === 'sending') await postponeCheck(db, row, new Date(now.getTime() + UNREACHABLE_RETRY_MS));
    return effects;
  }
  if (known.kind === 'unknown') {
    // Claimed within the lease: its worker may still be sending it; asked again once the lease is over.
    const inFlight = row.sendingSince !== null && now.getTime() - row.sendingSince.getTime() < SEND_LEASE_MS;
    if (row.status === 'sending' && inFlight) {
      await postponeCheck(db, row, new Date(row.sendingSince!.getTime() + SEND_LEASE_MS));
      return effects;
    }
    if (row.status === 'sending') {
      const change = await backToApproved(db, row);
      if (change) effects.changes.push(change);
    }
    return effects;
  }
  if (known.kind === 'sending' && row.status === 'failed') {
    const change = await resumeSending(db, row, known.providerReference, new Date(now.getTime() + nextCheckDelayMs(row, now)));
    if (change) effects.changes.push(change);
    return effects;
  }
  return applyProviderState(db, row.id, known, new Date(now.getTime() + nextCheckDelayMs(row, now)));
}

/** One round of the worker: sends what is due, asks about what is due. */
export async function runPayoutRound(db: Database, options: WorkerOptions): Promise<PayoutEffects> {
  const effects = noEffects();
  for (;;) {
    const claimed = await claimSendable(db, BATCH);
    if (claimed.length === 0) break;
    mergeEffects(effects, await eachLimited(claimed, (row) => sendClaimed(db, row, options)));
    if (claimed.length < BATCH) break;
  }
  const due = await claimDueChecks(db, BATCH, SEND_LEASE_MS);
  mergeEffects(effects, await eachLimited(due, (row) => checkCashout(db, row, options)));
  return effects;
}

/**
 * Asks the providers about every `sending` and `failed` cashout (at start, periodically, `ops payouts:reconcile`);
 * answers what changed and how many were asked about. Inside one transaction (ops) use concurrency 1.
 */
export async function reconcilePayouts(db: Database, options: WorkerOptions & { limit?: number; concurrency?: number }): Promise<PayoutEffects & { asked: number }> {
  const rows = await unsettled(db, options.limit ?? 10_000);
  const effects = await eachLimited(rows, (row) => checkCashout(db, row, options), options.concurrency);
  return { ...effects, asked: rows.length };
}
