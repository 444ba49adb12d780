import type { Earning, EarningKind, ReversalRate } from '@rewards/shared/contracts/earnings-types';
import { PARTNER_WALLS } from '@rewards/shared/contracts/partner-walls';
import { formatDollars } from '@rewards/shared/rules/money';
import { formatDate } from '../../ui/format-date';

/** The status badge of a row: where its money stands, in the words of its kind. */
export function statusLabel({ kind, status }: Pick<Earning, 'kind' | 'status'>): string {
  if (status === 'pending') return 'Pending';
  if (status === 'reversed') return 'Reversed';
  if (kind === 'cashout') return 'Withdrawn';
  if (kind === 'cashout_refund') return 'Refunded';
  return 'Available';
}

const KIND_CAPTIONS: Partial<Record<EarningKind, string>> = {
  reversal: 'Reversal',
  manual_credit: 'Credit from support',
  ticket_credit: 'Missing-credit ticket',
};

/** A line under the title saying what kind of row it is, where the title does not say it already. */
export function kindCaption(kind: EarningKind): string | undefined {
  return KIND_CAPTIONS[kind];
}

/** `+$12.00` or `-$1.50`: the sign is written, not only coloured. */
export function signedAmount(amount: string): string {
  const text = formatDollars(amount);
  return text.startsWith('-') ? text : `+${text}`;
}

/** `Available on Dec 4, 2026` for a held credit. */
export function availableOn(isoDate: string): string {
  return `Available on ${formatDate(isoDate)}`;
}

const WALL_NAMES = new Map<string, string>(PARTNER_WALLS.map((wall) => [wall.slug, wall.name]));

/** A partner wall's name for people, else the wall's slug as the API gives it. */
export function wallName(slug: string | null): string {
  return slug === null ? '' : (WALL_NAMES.get(slug) ?? slug);
}

/** `Reversed in the last 90 days: 2 of 40 credits (5 %)`. */
export function reversalRateLine({ reversed, credits, percent, window_days }: ReversalRate): string {
  return `Reversed in the last ${window_days} days: ${reversed} of ${credits} ${credits === 1 ? 'credit' : 'credits'} (${percent} %)`;
}

/** What reversals do, from the configured rule: they never block an account; above the threshold holds grow. */
export function reversalRuleSentence({ above_percent, min_reversals, hold_days }: ReversalRate): string {
  const never = 'Reversals never block an account by themselves';
  if (above_percent === null || hold_days === null) return `${never}.`;
  const atLeast = min_reversals !== null && min_reversals > 1 ? ` (with ${min_reversals} or more reversals)` : '';
  return `${never}; above ${above_percent} %${atLeast}, new credits are held ${hold_days} days.`;
}
