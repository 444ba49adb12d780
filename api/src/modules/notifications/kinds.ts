import { z } from 'zod';
import type { EmailPreferences, NotificationKind } from '@rewards/shared/contracts/notifications';
import { findPayoutMethod } from '@rewards/shared/contracts/payout-methods';
import { PATHS } from '@rewards/shared/paths';
import { coinsToDollarString, formatDollars } from '@rewards/shared/rules/money';
import { describeUserAgent } from '@rewards/shared/rules/user-agent';

/**
 * The registry of notification kinds: for each kind, the facts its rows keep (`data`, checked when written),
 * how they read (title and body, rendered when read), where a click leads, and which email preference sends
 * it by email too. Adding a kind is one entry here (and its name in `NOTIFICATION_KINDS` of the shared
 * contract). Amounts are integer coins; dates ISO 8601 text.
 */

/** Which Settings switch sends a kind by email; `always`: sent whatever the user chose (a password change). */
export type EmailCategory = keyof EmailPreferences | 'always';

export type RenderedText = { title: string; body: string };

type KindDefinition<Data extends z.ZodType> = {
  data: Data;
  render(data: z.output<Data>): RenderedText;
  /** A path of the site, or null; a row's own `link` wins over it. */
  link(data: z.output<Data>): string | null;
  email?: EmailCategory;
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

const dollars = (amount: number) => formatDollars(coinsToDollarString(Math.abs(amount)));
const quoted = (name: string) => `“${name}”`;
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
/** "Mar 12, 2027" (UTC: the server does not know the reader's time zone). */
const day = (iso: string) => dateFormat.format(new Date(iso));
const methodTitle = (method: string) => findPayoutMethod(method)?.title ?? method;
const sentenceOf = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);
const withReason = (sentence: string, reason: string | null) => (reason ? `${sentence} Reason: ${sentenceOf(reason)}` : sentence);
const ticketLink = ({ ticket_id }: { ticket_id: number }) => `/tickets/${ticket_id}`;

const cashoutFacts = { cashout_id: id, coins, method: z.string() };
const ticketFacts = { ticket_id: id, offer: text };

export const NOTIFICATION_KIND_REGISTRY = {
  credit: kind({
    data: z.object({ coins, offer: text, held_until: isoDate.nullish() }),
    render: ({ coins, offer, held_until }) => ({
      title: `You earned ${dollars(coins)}`,
      body: held_until ? `${quoted(offer)}: held until ${day(held_until)}.` : `${quoted(offer)}: available now.`,
    }),
    link: () => PATHS.profile,
  }),
  hold_released: kind({
    data: z.object({ coins, offer: optionalText }),
    render: ({ coins, offer }) => ({
      title: `${dollars(coins)} is available now`,
      body: offer ? `Your held earnings from ${quoted(offer)} can be cashed out.` : 'Your held earnings can be cashed out.',
    }),
    link: () => PATHS.cashout,
  }),
  reversal: kind({
    data: z.object({ coins, offer: text, reason: optionalText }),
    render: ({ coins, offer, reason }) => ({
      title: `${dollars(coins)} was reversed`,
      body: withReason(`The partner took back the credit for ${quoted(offer)}.`, reason),
    }),
    link: () => PATHS.profile,
  }),
  referral_bonus: kind({
    data: z.object({ coins }),
    render: ({ coins }) => ({
      title: `Referral bonus: ${dollars(coins)}`,
      body: "Your share of your friends' earnings is in your balance.",
    }),
    link: () => PATHS.profile,
  }),
  cashout_approved: kind({
    data: z.object(cashoutFacts),
    render: ({ coins, method }) => ({ title: 'Cashout approved', body: `Your ${dollars(coins)} ${methodTitle(method)} cashout was approved.` }),
    link: () => PATHS.cashout,
  }),
  cashout_paid: kind({
    data: z.object(cashoutFacts),
    render: ({ coins, method }) => ({ title: 'Cashout paid', body: `Your ${dollars(coins)} ${methodTitle(method)} cashout was sent.` }),
    link: () => PATHS.cashout,
    email: 'cashouts',
  }),
  cashout_rejected: kind({
    data: z.object({ ...cashoutFacts, reason: optionalText }),
    render: ({ coins, method, reason }) => ({
      title: 'Cashout rejected',
      body: withReason(`Your ${dollars(coins)} ${methodTitle(method)} cashout was rejected and refunded to your balance.`, reason),
    }),
    link: () => PATHS.cashout,
    email: 'cashouts',
  }),
  ticket_answered: kind({
    data: z.object(ticketFacts),
    render: ({ offer }) => ({ title: 'Support answered your ticket', body: `About ${quoted(offer)}: read the answer.` }),
    link: ticketLink,
    email: 'tickets',
  }),
  ticket_accepted: kind({
    data: z.object({ ...ticketFacts, coins }),
    render: ({ offer, coins }) => ({
      title: `Ticket accepted: ${dollars(coins)} credited`,
      body: `Your missing credit for ${quoted(offer)} is in your balance.`,
    }),
    link: ticketLink,
  }),
  ticket_declined: kind({
    data: z.object({ ...ticketFacts, reason: optionalText }),
    render: ({ offer, reason }) => ({ title: 'Ticket declined', body: withReason(`Your ticket about ${quoted(offer)} was declined.`, reason) }),
    link: ticketLink,
  }),
  new_sign_in: kind({
    data: z.object({ user_agent: optionalText, ip: optionalText }),
    render: ({ user_agent, ip }) => {
      const device = describeUserAgent(user_agent);
      const where = ip ? ` from ${ip}` : '';
      return {
        title: 'New sign-in to your account',
        body: `Signed in with ${device}${where}. If this was not you, reset your password now.`,
      };
    },
    link: () => null,
    email: 'security',
  }),
  password_changed: kind({
    data: z.object({}),
    render: () => ({
      title: 'Your password was changed',
      body: 'You were signed out everywhere. If you did not change it, reset your password now and contact support.',
    }),
    link: () => null,
    email: 'always',
  }),
  two_factor_changed: kind({
    data: z.object({ method: z.enum(['off', 'totp', 'email']) }),
    render: ({ method }) =>
      method === 'off'
        ? { title: 'Two-factor authentication turned off', body: 'Signing in now needs only your password. If this was not you, reset your password now.' }
        : {
            title: 'Two-factor authentication turned on',
            body: `Signing in now needs a code ${method === 'totp' ? 'from your authenticator app' : 'we email you'} too.`,
          },
    link: () => null,
    email: 'security',
  }),
  email_verified: kind({
    data: z.object({}),
    render: () => ({ title: 'Email verified', body: 'Your email address is confirmed.' }),
    link: () => null,
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

/** How a stored row reads. Facts no renderer understands (a row of a retired kind) read as a plain update, never an error. */
export function renderNotification(kind: string, data: unknown, ownLink: string | null): RenderedNotification {
  const parsed = isNotificationKind(kind) ? definitionOf(kind).data.safeParse(data) : undefined;
  if (!parsed?.success) return { title: 'Account update', body: 'Something changed in your account.', link: ownLink };
  const definition = definitionOf(kind as NotificationKind);
  return { ...definition.render(parsed.data), link: ownLink ?? definition.link(parsed.data) };
}

/** A stored row's facts as its kind reads them, or undefined for a retired kind or facts it does not take. */
export function parsedNotificationData(kind: string, data: unknown): Record<string, unknown> | undefined {
  const parsed = isNotificationKind(kind) ? definitionOf(kind).data.safeParse(data) : undefined;
  return parsed?.success ? (parsed.data as Record<string, unknown>) : undefined;
}

/** The Settings switch that sends this kind by email, if any. */
export function emailCategoryOf(kind: string): EmailCategory | undefined {
  return isNotificationKind(kind) ? definitionOf(kind).email : undefined;
}
