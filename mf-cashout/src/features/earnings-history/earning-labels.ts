import type { Earning, EarningKind, EarningTitleKey, ReversalRate } from '@rewards/shared/contracts/earnings-types';
import { PARTNER_WALLS } from '@rewards/shared/contracts/partner-walls';
import { formatDollars } from '@rewards/shared/rules/money';
import type { HistoryTranslate } from '../../history/messages';
import { formatDate } from '../../ui/format-date';
import { methodTitle } from '../../ui/method-title';
import { formatDecimal } from '../../ui/format-number';

/** The status badge of a row: where its money stands, in the words of its kind. */
export function statusLabel({ kind, status }: Pick<Earning, 'kind' | 'status'>, t: HistoryTranslate): string {
  if (status === 'pending') return t('earnings.status.pending');
  if (status === 'reversed') return t('earnings.status.reversed');
  if (kind === 'cashout') return t('earnings.status.withdrawn');
  if (kind === 'cashout_refund') return t('earnings.status.refunded');
  return t('earnings.status.available');
}

/** The site's own titles (a row without an offer's name or an operator's reason) as message keys. */
const OWN_TITLES = {
  offer_credit: 'earnings.title.offerCredit',
  referral_bonus: 'earnings.title.referralBonus',
  ticket_credit: 'earnings.title.ticketCredit',
  support_credit: 'earnings.title.supportCredit',
} as const satisfies Record<Exclude<EarningTitleKey, 'cashout' | 'cashout_refund'>, string>;

/**
 * A row's title in the page's language: the site's own words by their key (a cashout with its method's name),
 * an offer's name or an operator's reason as they came; the API's English for a key this version does not know.
 */
export function earningTitle({ title, title_key, payout_method }: Pick<Earning, 'title' | 'title_key' | 'payout_method'>, t: HistoryTranslate): string {
  if (title_key === 'cashout' || title_key === 'cashout_refund') {
    const refund = title_key === 'cashout_refund';
    if (!payout_method) return t(refund ? 'earnings.title.cashoutRefund' : 'earnings.title.cashout');
    const method = methodTitle(payout_method, t);
    return t(refund ? 'earnings.title.cashoutRefundTo' : 'earnings.title.cashoutTo', { method });
  }
  return title_key && Object.hasOwn(OWN_TITLES, title_key) ? t(OWN_TITLES[title_key]) : title;
}

const KIND_CAPTIONS = {
  reversal: 'earnings.kind.reversal',
  manual_credit: 'earnings.kind.manualCredit',
  ticket_credit: 'earnings.kind.ticketCredit',
} as const satisfies Partial<Record<EarningKind, string>>;

/** A line under the title saying what kind of row it is, where the title does not say it already. */
export function kindCaption(kind: EarningKind, t: HistoryTranslate): string | undefined {
  return kind in KIND_CAPTIONS ? t(KIND_CAPTIONS[kind as keyof typeof KIND_CAPTIONS]) : undefined;
}

/** `+$12.00` or `-$1.50` (`+12,00 $` in German): the sign is written, not only coloured. */
export function signedAmount(amount: string): string {
  const text = formatDollars(amount);
  return text.startsWith('-') ? text : `+${text}`;
}

/** `Available on Dec 4, 2026` for a held credit. */
export function availableOn(isoDate: string, t: HistoryTranslate): string {
  return t('earnings.availableOn', { date: formatDate(isoDate) });
}

const WALL_NAMES = new Map<string, string>(PARTNER_WALLS.map((wall) => [wall.slug, wall.name]));

/** A partner wall's name for people, else the wall's slug as the API gives it. */
export function wallName(slug: string | null): string {
  return slug === null ? '' : (WALL_NAMES.get(slug) ?? slug);
}

/** `Reversed in the last 90 days: 2 of 40 credits (5 %)`. */
export function reversalRateLine({ reversed, credits, percent, window_days }: ReversalRate, t: HistoryTranslate): string {
  return t('earnings.rate.line', { days: window_days, reversed, credits, percent: formatDecimal(percent) });
}

/** What reversals do, from the configured rule: they never block an account; above the threshold holds grow. */
export function reversalRuleSentence({ above_percent, min_reversals, hold_days }: ReversalRate, t: HistoryTranslate): string {
  if (above_percent === null || hold_days === null) return t('earnings.rate.never');
  const percent = formatDecimal(above_percent);
  if (min_reversals !== null && min_reversals > 1) return t('earnings.rate.ruleWithCount', { percent, count: min_reversals, days: hold_days });
  return t('earnings.rate.rule', { percent, days: hold_days });
}
