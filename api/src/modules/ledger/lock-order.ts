import { type SQL, sql } from 'drizzle-orm';

/**
 * The order in which every booking takes its row locks, whether in one statement or in a transaction of
 * several: two bookings that lock rows in the same order can wait for each other but never deadlock. A
 * booking may skip steps; it never goes back to an earlier one.
 */
export const LOCK_ORDER = ['referral review', 'conversion', 'user offer', 'hold', 'balance'] as const;

export type LockStep = (typeof LOCK_ORDER)[number];

export class LockOrderError extends Error {
  constructor(step: LockStep, after: LockStep) {
    super(`lock order broken: "${step}" is locked after "${after}" (the order is ${LOCK_ORDER.join(' → ')})`);
    this.name = 'LockOrderError';
  }
}

const rank = (step: LockStep) => LOCK_ORDER.indexOf(step);

/**
 * One transaction's locks, taken through `take` in LOCK_ORDER: a step earlier than one already taken throws
 * LockOrderError before its lock is asked for. Locking the same step again (several balances) is allowed.
 */
export class LockSequence {
  private last: LockStep | undefined;

  take<T>(step: LockStep, lock: () => Promise<T>): Promise<T> {
    if (this.last !== undefined && rank(step) < rank(this.last)) return Promise.reject(new LockOrderError(step, this.last));
    this.last = step;
    return lock();
  }
}

/** One common table expression of a booking statement; `locks` names the step whose rows it locks. */
export type BookingStep = { name: string; body: SQL; locks?: LockStep };

/**
 * The `with` clause of a booking statement from its steps, checked against LOCK_ORDER when the statement is
 * built (at start, for a prepared statement): a step that locks an earlier step's rows after a later one throws.
 */
export function bookingSteps(steps: readonly BookingStep[]): SQL {
  let last: LockStep | undefined;
  for (const { locks } of steps) {
    if (locks === undefined) continue;
    if (last !== undefined && rank(locks) < rank(last)) throw new LockOrderError(locks, last);
    last = locks;
  }
  return sql`with ${sql.join(
    steps.map(({ name, body }) => sql`${sql.identifier(name)} as (${body})`),
    sql`, `,
  )}`;
}
