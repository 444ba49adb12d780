import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/executor';
import { cashouts, users } from '../db/schema';
import { fundedUser, paypal, store } from './cashout-test-kit';
import type { SignedUp } from './accounts';

/** Helpers of the payout tests: users every instant rule lets through, their cashouts, rows by id. */

/** Makes a user pass the account rules: email verified, account two days old. */
export async function makeEligible(db: Executor, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`now()`, createdAt: sql`now() - interval '2 days'` })
    .where(eq(users.id, userId));
}

/** A user with `coins` who passes every account rule. */
export async function eligibleUser(app: FastifyInstance, db: Executor, coins = 100_000): Promise<SignedUp> {
  const signedUp = await fundedUser(app, db, coins);
  await makeEligible(db, signedUp.user.id);
  return signedUp;
}

/** Asks for a PayPal cashout; answers its id and status as Cashout/Store gave them. */
export async function cashOut(app: FastifyInstance, token: string, dollars: number | string, account?: string): Promise<{ id: number; status: string }> {
  const response = await store(app, token, paypal(dollars, account));
  if (response.statusCode !== 200) throw new Error(`Cashout/Store answered ${response.statusCode}: ${response.body}`);
  const cashout = response.json().data.cashout as { id: number; status: string };
  return { id: cashout.id, status: cashout.status };
}

export async function cashoutRow(db: Executor, id: number) {
  const [row] = await db.select().from(cashouts).where(eq(cashouts.id, id));
  if (!row) throw new Error(`no cashout ${id}`);
  return row;
}

/** Makes a failed cashout's next try (or a sending one's next check) due now. */
export async function dueNow(db: Executor, id: number): Promise<void> {
  await db.update(cashouts).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(cashouts.id, id));
}
