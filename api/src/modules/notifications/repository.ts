import { and, desc, eq, inArray, isNull, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { notifications, users } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;

/** Most notifications kept per user: older ones are pruned, and never listed or counted meanwhile. */
export const NOTIFICATIONS_KEPT_PER_USER = 500;

/**
 * The id of the user's oldest notification within the cap (0 while they have fewer): rows below it are
 * past the cap until the periodic prune removes them. An index-only walk of at most 500 entries.
 */
function capStart(userId: SQLWrapper): SQL {
  return sql`coalesce((select kept.id from ${notifications} kept where kept.user_id = ${userId}
    order by kept.id desc offset ${NOTIFICATIONS_KEPT_PER_USER - 1} limit 1), 0)`;
}

/** The user's unread notifications within the cap, as a column of a query about the user (Profile's). */
export function unreadNotificationsSql(userId: SQLWrapper): SQL<number> {
  return sql<number>`(select count(*) from ${notifications} unread where unread.user_id = ${userId}
    and unread.read_at is null and unread.id >= ${capStart(userId)})`.mapWith(Number);
}

export async function insertNotifications(db: Executor, rows: NewNotificationRow[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning();
}

/** One page, newest first: `limit` rows older than `beforeId` (or the newest), plus one to tell whether more follow. */
export async function pageOfNotifications(db: Executor, userId: number, { limit, beforeId }: { limit: number; beforeId?: number }): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        sql`${notifications.id} >= ${capStart(sql`${userId}::bigint`)}`,
        beforeId === undefined ? undefined : lt(notifications.id, beforeId),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(limit + 1);
}

export async function countUnread(db: Executor, userId: number): Promise<number> {
  const rows = await db
    .select({ unread: sql<number>`count(*)`.mapWith(Number) })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), sql`${notifications.id} >= ${capStart(sql`${userId}::bigint`)}`));
  return rows[0]?.unread ?? 0;
}

/** Marks the user's own notifications read: these ids (others' ids match nothing), or all. */
export async function markNotificationsRead(db: Executor, userId: number, which: { ids: number[] } | { all: true }): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), 'ids' in which ? inArray(notifications.id, which.ids) : undefined));
}

/** A deleted account's notifications go with its personal data (they name addresses, devices, reasons). */
export async function deleteNotificationsOf(db: Executor, userId: number): Promise<void> {
  await db.delete(notifications).where(eq(notifications.userId, userId));
}

export type EmailRecipient = {
  userId: number;
  email: string;
  deleted: boolean;
  preferences: { cashouts: boolean; tickets: boolean; security: boolean };
  /** The language the user chose, or null. */
  language: string | null;
};

/** Where the users' notification emails go, and which they want. */
export async function findEmailRecipients(db: Executor, userIds: readonly number[]): Promise<EmailRecipient[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      deletedAt: users.deletedAt,
      cashouts: users.emailCashouts,
      tickets: users.emailTickets,
      security: users.emailSecurity,
      language: users.language,
    })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return rows.map(({ userId, email, deletedAt, cashouts, tickets, security, language }) => ({
    userId,
    email,
    deleted: deletedAt !== null,
    preferences: { cashouts, tickets, security },
    language,
  }));
}
