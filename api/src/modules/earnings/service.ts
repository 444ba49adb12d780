import { findPayoutMethod } from '@rewards/shared/contracts/payout-methods';
import type { Earning, EarningsPage, EarningStatus, EarningTitleKey, ReversalRate } from '@rewards/shared/contracts/earnings-types';
import { coinsToDollarString } from '@rewards/shared/rules/money';
import type { EarningHolds } from '../../config-values';
import type { Executor } from '../../db/executor';
import { reversalCountsOf } from '../holds/repository';
import { overReversalRate, REVERSAL_WINDOW_DAYS } from '../holds/rules';
import { type HistoryEntry, historyPage } from './repository';
import { type HistoryRule, historyRuleOf } from './ledger-kinds';

type Title = { title: string; key: EarningTitleKey | null };
const own = (title: string, key: EarningTitleKey): Title => ({ title, key });
/** A title from a note (an offer's name, an operator's reason), else the site's words. */
const noteOr = (note: string | null | undefined, fallback: Title): Title => (note ? { title: note, key: null } : fallback);

/** The name of a wall's offer in its credit's ledger note (`<wall>: <offer>`), when the wall or our catalog gave one. */
function offerName(note: string | null, wall: string | null): string | undefined {
  const prefix = wall === null ? undefined : `${wall}: `;
  const name = (prefix && note?.startsWith(prefix) ? note.slice(prefix.length) : note)?.trim();
  // Crediting writes `<wall>: conversion` when nothing named the offer.
  return name && name !== 'conversion' ? name : undefined;
}

/** The wall of a conversion's reference (`wall:txid`). */
function wallOf(reference: string | null): string | null {
  const colon = reference?.indexOf(':') ?? -1;
  return colon > 0 ? reference!.slice(0, colon) : null;
}

function cashoutTitle(method: string | null, refund: boolean): Title {
  const title = method ? findPayoutMethod(method)?.title : undefined;
  if (refund) return own(title ? `Refund of a cashout to ${title}` : 'Refund of a cashout', 'cashout_refund');
  return own(title ? `Cashout to ${title}` : 'Cashout', 'cashout');
}

type ShownRule = Exclude<HistoryRule, { show: false }>;

const OFFER_CREDIT = own('Offer credit', 'offer_credit');
const REFERRAL_BONUS = own('Referral bonus', 'referral_bonus');
const TICKET_CREDIT = own('Missing-credit ticket', 'ticket_credit');

function titleOf(entry: HistoryEntry, rule: ShownRule, wall: string | null): Title {
  switch (rule.show) {
    case 'credit':
      return noteOr(offerName(entry.note, wall), OFFER_CREDIT);
    case 'reversal':
      if (rule.reverses === 'offer_credit') return noteOr(offerName(entry.reversedNote, wall), OFFER_CREDIT);
      if (rule.reverses === 'referral_bonus') return REFERRAL_BONUS;
      return noteOr(entry.reversedNote?.trim(), TICKET_CREDIT);
    case 'referral_bonus':
      return REFERRAL_BONUS;
    case 'manual_credit':
      // The operator's reason (users:credit --reason).
      return noteOr(entry.note?.trim(), own('Credit from support', 'support_credit'));
    case 'ticket_credit':
      return noteOr(entry.note?.trim(), TICKET_CREDIT);
    case 'cashout':
      return cashoutTitle(entry.cashoutMethod, false);
    case 'cashout_refund':
      return cashoutTitle(entry.cashoutMethod, true);
  }
}

function statusOf(entry: HistoryEntry, rule: ShownRule): EarningStatus {
  if (rule.reverses || (rule.reversedBy && entry.reversed)) return 'reversed';
  if (rule.mayBeHeld && entry.holdStatus === 'held') return 'pending';
  return 'available';
}

const titleFields = ({ title, key }: Title) => ({ title, title_key: key });

/** A ledger row as the history shows it; undefined for a row it does not show. */
export function toEarning(entry: HistoryEntry): Earning | undefined {
  const rule = historyRuleOf(entry.kind);
  if (!rule || rule.show === false) return undefined;
  const wall = rule.ofWall ? wallOf(entry.reference) : null;
  const status = statusOf(entry, rule);
  return {
    id: entry.id,
    kind: rule.show,
    ...titleFields(titleOf(entry, rule, wall)),
    payout_method: rule.show === 'cashout' || rule.show === 'cashout_refund' ? entry.cashoutMethod : null,
    wall,
    amount: coinsToDollarString(entry.coins),
    status,
    available_at: status === 'pending' ? entry.releaseAt : null,
    created_at: entry.createdAt,
    // None of our walls' callbacks carries a reason for a reversal (docs/money.md): only our own notes give one.
    reason: rule.noteIsReason ? entry.note?.trim() || null : null,
  };
}

/** The cursor of the page after the row `id`: opaque to clients, so its form may change. */
export function encodeCursor(id: number): string {
  return Buffer.from(`e${id}`, 'utf8').toString('base64url');
}

/** The row id in a cursor this API gave; undefined for anything else. */
export function decodeCursor(cursor: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{2,24}$/.test(cursor)) return undefined;
  const match = /^e([1-9]\d{0,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) ? id : undefined;
}

/**
 * The user's reversal rate as the hold rule sees it: the same counts (holds/hold-sql.ts) and the same test
 * (overReversalRate) as the booking statements use to decide a credit's hold.
 */
export async function reversalRateOf(db: Executor, userId: number, holds: EarningHolds): Promise<ReversalRate> {
  const counts = await reversalCountsOf(db, userId);
  const rule = holds.reversals;
  return {
    reversed: counts.reversals,
    credits: counts.credits,
    percent: counts.credits === 0 ? 0 : Math.round((counts.reversals * 1000) / counts.credits) / 10,
    window_days: REVERSAL_WINDOW_DAYS,
    holds_longer: rule ? overReversalRate(rule, counts) : false,
    above_percent: rule?.percent ?? null,
    min_reversals: rule?.minReversals ?? null,
    hold_days: rule?.days ?? null,
  };
}

/** Rows of the history after `cursor` (a row id), and the cursor of the page after them (null on the last page). */
export async function earningsAfter(db: Executor, { userId, cursor, limit }: { userId: number; cursor?: number; limit: number }) {
  // One row more than asked tells whether another page follows.
  const entries = await historyPage(db, { userId, cursor, limit: limit + 1 });
  const page = entries.slice(0, limit);
  const items = page.map(toEarning).filter((item): item is Earning => item !== undefined);
  return { items, nextCursor: entries.length > limit ? encodeCursor(page.at(-1)!.id) : null };
}

/** `GET /api/user/earnings`: one page of the history and the user's reversal rate. */
export async function earningsPage(db: Executor, request: { userId: number; cursor?: number; limit: number; holds: EarningHolds }): Promise<EarningsPage> {
  const [{ items, nextCursor }, reversalRate] = await Promise.all([earningsAfter(db, request), reversalRateOf(db, request.userId, request.holds)]);
  return { items, next_cursor: nextCursor, reversal_rate: reversalRate };
}

/** Every row of the user's history, newest first, read `pageSize` rows at a time (the CSV). */
export async function* allEarnings(db: Executor, userId: number, pageSize: number): AsyncGenerator<Earning[]> {
  let cursor: number | undefined;
  for (;;) {
    const entries = await historyPage(db, { userId, cursor, limit: pageSize });
    if (entries.length === 0) return;
    yield entries.map(toEarning).filter((item): item is Earning => item !== undefined);
    if (entries.length < pageSize) return;
    cursor = entries.at(-1)!.id;
  }
}
