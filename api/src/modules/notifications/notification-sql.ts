import { type SQL, sql } from 'drizzle-orm';
import type { NotificationKind } from '@rewards/shared/contracts/notifications';
import { notifications } from '../../db/schema';
import type { BookingStep } from '../ledger/lock-order';
import { type NotificationSqlRow, type StoredNotification, storedNotificationOf } from './notify';

/**
 * The step of a booking statement that stores its users' notifications with the booking itself (no round trip
 * of its own): one row of `kind` per row of `from`, its facts built by `data` (a jsonb expression; the facts
 * notify() would check, see kinds.ts: a test reads each such row back through the registry). Answers the
 * stored rows; `noticeOf` turns one into what notify() answers.
 */
export function notificationStep(name: string, kind: NotificationKind, { from, userId, data }: { from: SQL; userId: SQL; data: SQL }): BookingStep {
  return {
    name,
    body: sql`insert into ${notifications} (user_id, kind, data)
      select ${userId}, ${kind}::text, ${data} from ${from}
      returning id, user_id, kind, data, link, created_at, read_at`,
  };
}

/** A step's row selected as one json value (`(select row_to_json(n) from <step> n) as <column>`), read back. */
export function noticeOf(json: unknown): StoredNotification | undefined {
  if (json === null || json === undefined) return undefined;
  return storedNotificationOf((typeof json === 'string' ? JSON.parse(json) : json) as NotificationSqlRow);
}
