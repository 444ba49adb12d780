import { z } from 'zod';
import type { EmailPreferences, NotificationKind } from '@rewards/shared/contracts/notifications';
import { findPayoutMethod } from '@rewards/shared/contracts/payout-methods';
import { PATHS } from '@rewards/shared/paths';
import { coinsToDollarString, formatDollars } from '@rewards/shared/rules/money';
import type { Locale } from '@rewards/shared/i18n/locales';
import { deviceInWords, emailText } from '../account/emails/render';

/**
 * The registry of notification kinds: for each kind, the facts its rows keep (`data`, checked when written),
 * how they read (title and body, rendered when read in the reader's language, from the words of
 * `account/emails/<locale>.ts`, which the emailed kinds' emails use too), where a click leads, and which email preference sends
 * it by email too. Adding a kind is one entry here (and its name in `NOTIFICATION_KINDS` of the shared
 * contract). Amounts are integer coins; dates ISO 8601 text.
 */

/** Which Settings switch sends a kind by email; `always`: sent whatever the user chose (a password change). */
export type EmailCategory = keyof EmailPreferences | 'always';

export type RenderedText = { title: string; body: string };

type KindDefinition<Data extends z.ZodType> = {
  data: Data;
  render(data: z.output<Data>, locale: Locale): RenderedText;
  /** A path of the site, or null; a row's own `link` wins over it. */
  link(data: z.output<Data>): string | null;
  email?: EmailCategory;
  /** Caused by the user's own request (a sign-in, a settings change): that request's language may speak for them. */
  byTheUser?: true;
};

const kind = <Data extends z.ZodType>(definition: KindDefinition<Data>) => definition;

// Long or odd text (a partner's reversal reason) is kept short and printable: it reaches a screen and an inbox.
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]+/g;
const MAX_TEXT = 500;
function printable(text: string): string {
  const clean = text.replace(UNPRINTABLE, ' ').replace(/\s+/g, ' ').trim();
  return clean.length > MAX_TEXT ? `${clean.slice(0, MAX_TEXT - 1)}…` : clean;
}

const text = z.string().transform(printable);
const optionalText = z
  .string()
  .nullish()
  .transform((value) => (value ? printable(value) || null : null));
const coins = z.number().int().safe();
const id = z.number().int().positive().safe();
const isoDate = z.iso.datetime({ offset: true });

const dollars = (locale: Locale, amount: number) => formatDollars(coinsToDollarString(Math.abs(amount)), locale);
/** "Mar 12, 2027", "12.03.2027" (UTC: the server does not know the reader's time zone). */
const day = (locale: Locale, iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
const methodTitle = (method: string) => findPayoutMethod(method)?.title ?? method;
const sentenceOf = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);
const withReason = (locale: Locale, sentence: string, reason: string | null) =>
  reason ? emailText(locale, 'notification.reason', { sentence, reason: sentenceOf(reason) }) : sentence;
const ticketLink = ({ ticket_id }: { ticket_id: number }) => `/tickets/${ticket_id}`;

const cashoutFacts = { cashout_id: id, coins, method: z.string() };
const ticketFacts = { ticket_id: id, offer: text };

export const NOTIFICATION_KIND_REGISTRY = {
  credit: kind({
    data: z.object({ coins, offer: text, held_until: isoDate.nullish() }),
    render: ({ coins, offer, held_until }, locale) => ({
      title: emailText(locale, 'notification.credit.title', { amount: dollars(locale, coins) }),
      body: held_until
        ? emailText(locale, 'notification.credit.bodyHeld', { offer, date: day(locale, held_until) })
        : emailText(locale, 'notification.credit.bodyAvailable', { offer }),
    }),
    link: () => PATHS.profile,
  }),
  hold_released: kind({
    data: z.object({ coins, offer: optionalText }),
    render: ({ coins, offer }, locale) => ({
      title: emailText(locale, 'notification.hold_released.title', { amount: dollars(locale, coins) }),
      body: offer ? emailText(locale, 'notification.hold_released.body', { offer }) : emailText(locale, 'notification.hold_released.bodyNoOffer'),
    }),
    link: () => PATHS.cashout,
  }),
  reversal: kind({
    data: z.object({ coins, offer: text, reason: optionalText }),
    render: ({ coins, offer, reason }, locale) => ({
      title: emailText(locale, 'notification.reversal.title', { amount: dollars(locale, coins) }),
      body: withReason(locale, emailText(locale, 'notification.reversal.body', { offer }), reason),
    }),
    link: () => PATHS.profile,
  }),
  referral_bonus: kind({
    data: z.object({ coins }),
    render: ({ coins }, locale) => ({
      title: emailText(locale, 'notification.referral_bonus.title', { amount: dollars(locale, coins) }),
      body: emailText(locale, 'notification.referral_bonus.body'),
    }),
    link: () => PATHS.profile,
  }),
  cashout_approved: kind({
    data: z.object(cashoutFacts),
    render: ({ coins, method }, locale) => ({
      title: emailText(locale, 'notification.cashout_approved.title'),
      body: emailText(locale, 'notification.cashout_approved.body', { amount: dollars(locale, coins), method: methodTitle(method) }),
    }),
    link: () => PATHS.cashout,
  }),
  cashout_paid: kind({
    data: z.object(cashoutFacts),
    render: ({ coins, method }, locale) => ({
      title: emailText(locale, 'notification.cashout_paid.title'),
      body: emailText(locale, 'notification.cashout_paid.body', { amount: dollars(locale, coins), method: methodTitle(method) }),
    }),
    link: () => PATHS.cashout,
    email: 'cashouts',
  }),
  cashout_rejected: kind({
    data: z.object({ ...cashoutFacts, reason: optionalText }),
    render: ({ coins, method, reason }, locale) => ({
      title: emailText(locale, 'notification.cashout_rejected.title'),
      body: withReason(locale, emailText(locale, 'notification.cashout_rejected.body', { amount: dollars(locale, coins), method: methodTitle(method) }), reason),
    }),
    link: () => PATHS.cashout,
    email: 'cashouts',
  }),
  ticket_answered: kind({
    data: z.object(ticketFacts),
    render: ({ offer }, locale) => ({
      title: emailText(locale, 'notification.ticket_answered.title'),
      body: emailText(locale, 'notification.ticket_answered.body', { offer }),
    }),
    link: ticketLink,
    email: 'tickets',
  }),
  ticket_accepted: kind({
    data: z.object({ ...ticketFacts, coins }),
    render: ({ offer, coins }, locale) => ({
      title: emailText(locale, 'notification.ticket_accepted.title', { amount: dollars(locale, coins) }),
      body: emailText(locale, 'notification.ticket_accepted.body', { offer }),
    }),
    link: ticketLink,
  }),
  ticket_declined: kind({
    data: z.object({ ...ticketFacts, reason: optionalText }),
    render: ({ offer, reason }, locale) => ({
      title: emailText(locale, 'notification.ticket_declined.title'),
      body: withReason(locale, emailText(locale, 'notification.ticket_declined.body', { offer }), reason),
    }),
    link: ticketLink,
  }),
  new_sign_in: kind({
    data: z.object({ user_agent: optionalText, ip: optionalText }),
    render: ({ user_agent, ip }, locale) => ({
      title: emailText(locale, 'notification.new_sign_in.title'),
      body: emailText(locale, 'notification.new_sign_in.body', { device: deviceInWords(locale, user_agent), ip: ip || 'none' }),
    }),
    link: () => null,
    email: 'security',
    byTheUser: true,
  }),
  password_changed: kind({
    data: z.object({}),
    render: (_, locale) => ({
      title: emailText(locale, 'notification.password_changed.title'),
      body: emailText(locale, 'notification.password_changed.body'),
    }),
    link: () => null,
    email: 'always',
    byTheUser: true,
  }),
  two_factor_changed: kind({
    data: z.object({ method: z.enum(['off', 'totp', 'email']) }),
    render: ({ method }, locale) => ({
      title: emailText(locale, 'notification.two_factor_changed.title', { method }),
      body: emailText(locale, 'notification.two_factor_changed.body', { method }),
    }),
    link: () => null,
    email: 'security',
    byTheUser: true,
  }),
  email_verified: kind({
    data: z.object({}),
    render: (_, locale) => ({ title: emailText(locale, 'notification.email_verified.title'), body: emailText(locale, 'notification.email_verified.body') }),
    link: () => null,
    byTheUser: true,
  }),
} satisfies { [Kind in NotificationKind]: KindDefinition<z.ZodType> };

type Registry = typeof NOTIFICATION_KIND_REGISTRY;

/** The facts a kind's row keeps, as a writer gives them. */
export type NotificationData<Kind extends NotificationKind> = z.input<Registry[Kind]['data']>;

/** A notification to write: whose, what happened, its facts; `link` only to lead somewhere else than the kind does. */
export type NotificationInput<Kind extends NotificationKind = NotificationKind> = {
  [K in Kind]: { userId: number; kind: K; data: NotificationData<K>; link?: string | null };
}[Kind];

export function isNotificationKind(value: string): value is NotificationKind {
  return Object.hasOwn(NOTIFICATION_KIND_REGISTRY, value);
}

function definitionOf(kind: NotificationKind): KindDefinition<z.ZodType> {
  return NOTIFICATION_KIND_REGISTRY[kind] as KindDefinition<z.ZodType>;
}

/** The facts as stored: checked and cleaned by the kind's schema. Throws on facts the kind does not take (a bug). */
export function storedData(kind: NotificationKind, data: unknown): Record<string, unknown> {
  return definitionOf(kind).data.parse(data) as Record<string, unknown>;
}

export type RenderedNotification = RenderedText & { link: string | null };

/**
 * How a stored row reads in `locale` (English by default). Facts no renderer understands (a row of a retired
 * kind) read as a plain update, never an error.
 */
export function renderNotification(kind: string, data: unknown, ownLink: string | null, locale: Locale = 'en'): RenderedNotification {
  const parsed = isNotificationKind(kind) ? definitionOf(kind).data.safeParse(data) : undefined;
  if (!parsed?.success) return { title: emailText(locale, 'notification.update.title'), body: emailText(locale, 'notification.update.body'), link: ownLink };
  const definition = definitionOf(kind as NotificationKind);
  return { ...definition.render(parsed.data, locale), link: ownLink ?? definition.link(parsed.data) };
}

/** A stored row's facts as its kind reads them, or undefined for a retired kind or facts it does not take. */
export function parsedNotificationData(kind: string, data: unknown): Record<string, unknown> | undefined {
  const parsed = isNotificationKind(kind) ? definitionOf(kind).data.safeParse(data) : undefined;
  return parsed?.success ? (parsed.data as Record<string, unknown>) : undefined;
}

/** Whether the user's own request causes this kind (see `byTheUser`). */
export function causedByTheUser(kind: string): boolean {
  return isNotificationKind(kind) && definitionOf(kind).byTheUser === true;
}

/** The Settings switch that sends this kind by email, if any. */
export function emailCategoryOf(kind: string): EmailCategory | undefined {
  return isNotificationKind(kind) ? definitionOf(kind).email : undefined;
}
