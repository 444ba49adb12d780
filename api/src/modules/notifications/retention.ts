import { eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { appMeta, notifications } from '../../db/schema';
import { NOTIFICATIONS_KEPT_PER_USER } from './repository';

/** Up to which notification id every user's count was checked against the cap (app_meta). */
const CAP_CHECKED_THROUGH = 'notifications_cap_checked_through';

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
  const from = Number(checked?.value ?? 0);
  const through = newest?.id ?? 0;
  let overCap: Array<{ id: number }> = [];
  if (through > from) {
    overCap = await db.execute<{ id: number }>(sql`
      delete from ${notifications} old
      using (select distinct user_id from ${notifications} where id > ${from} and id <= ${through}) touched
      where old.user_id = touched.user_id
        and old.id < (select kept.id from ${notifications} kept where kept.user_id = touched.user_id
                      order by kept.id desc offset ${NOTIFICATIONS_KEPT_PER_USER - 1} limit 1)
      returning old.id`).then((result) => (result as unknown as { rows: Array<{ id: number }> }).rows);
    await db
      .insert(appMeta)
      .values({ key: CAP_CHECKED_THROUGH, value: String(through) })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: sql`greatest(${appMeta.value}::bigint, ${through})::text`, updatedAt: sql`now()` } });
  }
  return { expired: expired.length, overCap: overCap.length };
}
