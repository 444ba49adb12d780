import { eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { appMeta, notifications } from '../../db/schema';
import { NOTIFICATIONS_KEPT_PER_USER } from './repository';

/** Up to which notification id every user's count was checked against the cap (app_meta). */
const CAP_CHECKED_THROUGH = 'notifications_cap_checked_through';

/** Notification ids looked at per statement of the cap's prune. */
const CAP_CHECK_SLICE = 200_000;

export type PruneResult = { expired: number; overCap: number };

/**
 * Deletes notifications older than `days`, and each user's beyond their newest 500. Only users who got a
 * notification since the last prune can be over the cap, so only they are looked at (a walk of the primary
 * key from the last id checked, kept in app_meta). Idempotent: any instance may run it, at any time.
 * A row committed late below that id is looked at with its user's next notification; reads never show
 * more than 500 meanwhile.
 */
export async function pruneNotifications(db: Executor, { days }: { days: number }): Promise<PruneResult> {
  const expired = await db
    .delete(notifications)
    .where(lt(notifications.createdAt, sql`now() - make_interval(days => ${days})`))
    .returning({ id: notifications.id });

  const [checked] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, CAP_CHECKED_THROUGH));
  const [newest] = await db.select({ id: sql<number | null>`max(${notifications.id})`.mapWith(Number) }).from(notifications);
  let from = Number(checked?.value ?? 0);
  const newestId = newest?.id ?? 0;
  let overCap = 0;
  // In slices of ids, so a long backlog (a first prune of a full table) is many short statements.
  while (from < newestId) {
    const through = Math.min(newestId, from + CAP_CHECK_SLICE);
    overCap += await pruneOverCap(db, from, through);
    await db
      .insert(appMeta)
      .values({ key: CAP_CHECKED_THROUGH, value: String(through) })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: sql`greatest(${appMeta.value}::bigint, ${through})::text`, updatedAt: sql`now()` } });
    from = through;
  }
  return { expired: expired.length, overCap };
}

/**
 * Deletes, for each user notified with an id in (from, through], their rows below their 500th newest. The
 * cut-off is found once per user (an index walk of at most 500 entries), then each user's rows below it go.
 */
async function pruneOverCap(db: Executor, from: number, through: number): Promise<number> {
  const result = await db.execute(sql`
    with touched as (select distinct user_id from ${notifications} where id > ${from} and id <= ${through}),
    cut as (
      select touched.user_id, (select kept.id from ${notifications} kept where kept.user_id = touched.user_id
                               order by kept.id desc offset ${NOTIFICATIONS_KEPT_PER_USER - 1} limit 1) as first_kept
      from touched
    )
    delete from ${notifications} old using cut
    where cut.first_kept is not null and old.user_id = cut.user_id and old.id < cut.first_kept
    returning old.id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
