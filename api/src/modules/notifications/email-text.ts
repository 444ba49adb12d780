import type { NotificationKind } from '@rewards/shared/contracts/notifications';
import { findPayoutMethod } from '@rewards/shared/contracts/payout-methods';
import type { Locale } from '@rewards/shared/i18n/locales';
import { coinsToDollarString } from '@rewards/shared/rules/money';
import { describeUserAgent } from '@rewards/shared/rules/user-agent';
import { emailDollars, emailText } from '../account/emails/render';
import { parsedNotificationData, renderNotification, type RenderedText } from './kinds';

type Facts = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const amountOf = (locale: Locale, facts: Facts) => emailDollars(locale, Number(coinsToDollarString(Math.abs(Number(facts.coins)))));
const methodOf = (facts: Facts) => findPayoutMethod(text(facts.method))?.title ?? text(facts.method);
const sentenceOf = (reason: string) => (/[.!?…]$/.test(reason) ? reason : `${reason}.`);

function withReason(locale: Locale, sentence: string, reason: unknown): string {
  return typeof reason === 'string' && reason !== '' ? emailText(locale, 'notification.reason', { sentence, reason: sentenceOf(reason) }) : sentence;
}

/** The kinds that are emailed, in each language; the others are read on the site only (the list and its live events). */
export const EMAILED_KIND_TEXTS = {
  cashout_paid: (locale, facts) => ({
    title: emailText(locale, 'notification.cashout_paid.title'),
    body: emailText(locale, 'notification.cashout_paid.body', { amount: amountOf(locale, facts), method: methodOf(facts) }),
  }),
  cashout_rejected: (locale, facts) => ({
    title: emailText(locale, 'notification.cashout_rejected.title'),
    body: withReason(locale, emailText(locale, 'notification.cashout_rejected.body', { amount: amountOf(locale, facts), method: methodOf(facts) }), facts.reason),
  }),
  ticket_answered: (locale, facts) => ({
    title: emailText(locale, 'notification.ticket_answered.title'),
    body: emailText(locale, 'notification.ticket_answered.body', { offer: text(facts.offer) }),
  }),
  new_sign_in: (locale, facts) => ({
    title: emailText(locale, 'notification.new_sign_in.title'),
    body: emailText(locale, 'notification.new_sign_in.body', { device: describeUserAgent(typeof facts.user_agent === 'string' ? facts.user_agent : null), ip: text(facts.ip) || 'none' }),
  }),
  password_changed: (locale) => ({ title: emailText(locale, 'notification.password_changed.title'), body: emailText(locale, 'notification.password_changed.body') }),
  two_factor_changed: (locale, facts) => ({
    title: emailText(locale, 'notification.two_factor_changed.title', { method: text(facts.method) }),
    body: emailText(locale, 'notification.two_factor_changed.body', { method: text(facts.method) }),
  }),
} satisfies Partial<Record<NotificationKind, (locale: Locale, facts: Facts) => RenderedText>>;

/** A notification's title and body for its email in `locale`; a kind without its own translation reads as on the site. */
export function notificationEmailText(kind: string, data: unknown, locale: Locale): RenderedText {
  const facts = parsedNotificationData(kind, data);
  const translated = facts && Object.hasOwn(EMAILED_KIND_TEXTS, kind) ? EMAILED_KIND_TEXTS[kind as keyof typeof EMAILED_KIND_TEXTS] : undefined;
  if (!translated || !facts) {
    const { title, body } = renderNotification(kind, data, null);
    return { title, body };
  }
  return translated(locale, facts);
}
