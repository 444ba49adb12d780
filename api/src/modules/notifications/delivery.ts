import type { NotificationItem } from '@rewards/shared/contracts/notifications';
import type { Locale } from '@rewards/shared/i18n/locales';
import { emailLocale, emailText } from '../account/emails/render';
import type { Executor } from '../../db/executor';
import { causedByTheUser, type EmailCategory, emailCategoryOf } from './kinds';
import { type StoredNotification, toNotificationItem } from './notify';
import { type EmailRecipient, findEmailRecipients } from './repository';

/** Sends `notification.created` on a user's private channel (the realtime publisher does). */
export type NotificationPublisher = { publishNotification(userId: number, item: NotificationItem): Promise<void> };

export type NotificationEmail = { subject: string; text: string };
/** Sends one notification email (the account mailer does: SMTP, or the log in development). */
export type NotificationMailer = { sendNotificationEmail(email: string, message: NotificationEmail): Promise<void> };

/** The language a row is read in; English when nothing better is known. */
export type ReaderLocale = (row: StoredNotification) => Locale;

/**
 * Pushes stored notifications to their users' open pages (`notification.created` on `private-user-<id>`), each
 * in its reader's language. Call it once the rows are committed. Rejects when the realtime service cannot be reached.
 */
export async function publishNotifications(realtime: NotificationPublisher, rows: readonly StoredNotification[], localeOf: ReaderLocale = () => 'en'): Promise<void> {
  await Promise.all(rows.map((row) => realtime.publishNotification(row.userId, toNotificationItem(row, localeOf(row)))));
}

export type NotificationDeliveryDeps = {
  db: Executor;
  /** None: nobody's pages are told (they read the list on their next load). */
  realtime?: NotificationPublisher;
  /** None: no email goes out. */
  mailer?: NotificationMailer;
  /** The site's public origin, for the link of an email; none: emails carry no link. */
  siteUrl?: string;
  /** Told of each part that could not be delivered. */
  onProblem(message: string, error: unknown): void;
};

/**
 * Everything that follows committed notifications: the live push, and the emails of the kinds that send one
 * to users who want them (a password change always), both in the reader's language (notificationLocale).
 * Never rejects: the event happened, and a notification that could not be pushed or mailed is still in the list.
 */
export async function deliverNotifications(deps: NotificationDeliveryDeps, rows: readonly StoredNotification[]): Promise<void> {
  if (rows.length === 0 || (!deps.realtime && !deps.mailer)) return;
  let recipients: Map<number, EmailRecipient> | undefined;
  try {
    recipients = new Map((await findEmailRecipients(deps.db, [...new Set(rows.map((row) => row.userId))])).map((recipient) => [recipient.userId, recipient]));
  } catch (error) {
    // Still pushed, in English: the users' languages and addresses could not be read, so no email goes.
    deps.onProblem('notification emails could not be sent', error);
  }
  const localeOf: ReaderLocale = (row) => notificationLocale(recipients?.get(row.userId) ?? { language: null }, row.kind);
  const push = deps.realtime ? publishNotifications(deps.realtime, rows, localeOf) : Promise.resolve();
  await Promise.all([
    push.catch((error: unknown) => deps.onProblem('notification.created could not be published', error)),
    recipients ? emailNotifications(deps, rows, recipients, localeOf) : Promise.resolve(),
  ]);
}

async function emailNotifications(
  { mailer, siteUrl, onProblem }: NotificationDeliveryDeps,
  rows: readonly StoredNotification[],
  recipients: ReadonlyMap<number, EmailRecipient>,
  localeOf: ReaderLocale,
): Promise<void> {
  if (!mailer) return;
  await Promise.all(
    rows.map(async (row) => {
      const category = emailCategoryOf(row.kind);
      const recipient = recipients.get(row.userId);
      if (category === undefined || !recipient || !wantsEmail(recipient, category)) return;
      await mailer
        .sendNotificationEmail(recipient.email, notificationEmail(row, category, siteUrl, localeOf(row)))
        .catch((error: unknown) => onProblem(`the ${row.kind} email of notification ${row.id} could not be sent`, error));
    }),
  );
}

/** A deleted account gets nothing; `always` (a password change) whatever the preferences say. */
export function wantsEmail(recipient: EmailRecipient, category: EmailCategory): boolean {
  if (recipient.deleted) return false;
  return category === 'always' || recipient.preferences[category];
}

/**
 * The language a notification is pushed and emailed in: the user's, else, for the kinds the user's own
 * request causes (a sign-in, a password or two-factor change, a verified email), that request's, else
 * English. Credits, cashouts and tickets are decided by partners, staff and workers, whose languages are not
 * the user's. (The list is read in the language of the user's own request: see the route.)
 */
export function notificationLocale(recipient: Pick<EmailRecipient, 'language'>, kind: string): Locale {
  if (causedByTheUser(kind)) return emailLocale(recipient.language);
  return emailLocale(recipient.language, undefined);
}

/** The email of one notification in `locale`: its title as the subject, its body, the page it leads to, and why it came. */
export function notificationEmail(
  row: Pick<StoredNotification, 'id' | 'kind' | 'data' | 'link' | 'createdAt' | 'readAt'>,
  category: EmailCategory,
  siteUrl: string | undefined,
  locale: Locale = 'en',
): NotificationEmail {
  const { title, body, link } = toNotificationItem(row, locale);
  const open = link && siteUrl ? [emailText(locale, 'notification.open', { url: new URL(link, siteUrl).href }), ''] : [];
  const why =
    category === 'always'
      ? emailText(locale, 'notification.whyAlways')
      : emailText(locale, 'notification.whySetting', { setting: emailText(locale, `notification.setting.${category}`) });
  return { subject: emailText(locale, 'notification.subject', { title }), text: [body, '', ...open, why].join('\n') };
}
