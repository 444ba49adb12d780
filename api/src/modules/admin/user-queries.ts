import { and, desc, eq, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { coinsToDollarString } from '@rewards/shared/rules/money';
import { describeUserAgent } from '@rewards/shared/rules/user-agent';
import type { Executor } from '../../db/executor';
import { ledgerEntries, sessions, staff, tickets, users } from '../../db/schema';
import type { UserRow } from '../account/repository';
import { listHeld } from '../holds/repository';
import { findReferralReview, referralReviewResult } from '../referrals/referral-reviews';
import { listCallbacks } from '../walls/callback-log';
import { auditRowResult, listAuditRows } from '../../ops/audit';
import { callbackResult } from '../../ops/callback-view';

/** How many of each list a user's page shows (their own routes page further). */
export const USER_PAGE_ROWS = 20;
const USER_PAGE_CALLBACKS = 10;

export type UserListRow = UserRow & { staffRole: string | null };

/** A user as lists show them. */
export function userRowResult(user: UserListRow) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    status: user.status,
    email_verified: user.emailVerifiedAt !== null,
    staff_role: user.staffRole,
    balance: coinsToDollarString(user.balanceCoins),
    balance_coins: user.balanceCoins,
    pending: coinsToDollarString(user.heldCoins),
    pending_coins: user.heldCoins,
    created_at: user.createdAt.toISOString(),
  };
}

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Users whose email or name contains `q` (any case), or whose id it is; newest first, `limit + 1` rows. */
export async function searchUsers(db: Executor, { q, limit, beforeId }: { q: string | undefined; limit: number; beforeId?: number }): Promise<UserListRow[]> {
  const conditions: SQL[] = [];
  if (q !== undefined) {
    const matches = [ilike(users.email, containing(q)), ilike(users.name, containing(q))];
    if (/^\d{1,15}$/.test(q)) matches.push(eq(users.id, Number(q)));
    conditions.push(or(...matches)!);
  }
  if (beforeId !== undefined) conditions.push(lt(users.id, beforeId));
  const rows = await db
    .select({ user: users, staffRole: staff.role })
    .from(users)
    .leftJoin(staff, eq(staff.userId, users.id))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(users.id))
    .limit(limit + 1);
  return rows.map(({ user, staffRole }) => ({ ...user, staffRole }));
}

export async function findUserWithRole(db: Executor, id: number): Promise<UserListRow | undefined> {
  const rows = await db.select({ user: users, staffRole: staff.role }).from(users).leftJoin(staff, eq(staff.userId, users.id)).where(eq(users.id, id));
  const row = rows[0];
  return row ? { ...row.user, staffRole: row.staffRole } : undefined;
}

export function ledgerRowResult(row: typeof ledgerEntries.$inferSelect) {
  return {
    id: row.id,
    kind: row.kind,
    amount: signedDollars(row.amountCoins),
    amount_coins: row.amountCoins,
    held: signedDollars(row.heldCoins),
    held_coins: row.heldCoins,
    reference: row.reference,
    note: row.note,
    created_at: row.createdAt.toISOString(),
  };
}

const signedDollars = (coins: number) => `${coins < 0 ? '-' : ''}${coinsToDollarString(Math.abs(coins))}`;

/** A user's ledger rows, newest first, `limit + 1`. */
export function ledgerOf(db: Executor, userId: number, { limit, beforeId }: { limit: number; beforeId?: number }) {
  return db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), beforeId === undefined ? undefined : lt(ledgerEntries.id, beforeId)))
    .orderBy(desc(ledgerEntries.id))
    .limit(limit + 1);
}

/** What a user's page shows beside users:show: their money's history, sessions, callbacks, tickets, referrals, holds, audit rows. */
export async function userPageLists(db: Executor, user: UserRow) {
  const earnings = (await ledgerOf(db, user.id, { limit: USER_PAGE_ROWS })).slice(0, USER_PAGE_ROWS);
  const sessionRows = await db.select().from(sessions).where(eq(sessions.userId, user.id)).orderBy(desc(sessions.id)).limit(USER_PAGE_ROWS);
  const callbacks = await listCallbacks(db, { userId: user.id, limit: USER_PAGE_CALLBACKS });
  const ticketRows = await db
    .select({ id: tickets.id, status: tickets.status, offerName: tickets.offerName, createdAt: tickets.createdAt, creditedCoins: tickets.creditedCoins })
    .from(tickets)
    .where(eq(tickets.userId, user.id))
    .orderBy(desc(tickets.id))
    .limit(USER_PAGE_ROWS);
  const referred = await db
    .select({ id: users.id, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.referredBy, user.id))
    .orderBy(desc(users.id))
    .limit(USER_PAGE_ROWS);
  const [referredCount] = await db.select({ value: sql<number>`count(*)`.mapWith(Number) }).from(users).where(eq(users.referredBy, user.id));
  const found = await findReferralReview(db, user.id);
  const review = found ? referralReviewResult(found) : null;
  const held = await listHeld(db, { userId: user.id, limit: USER_PAGE_ROWS });
  const audit = await listAuditRows(db, { userId: user.id, userEmail: user.email, limit: USER_PAGE_ROWS });
  return {
    earnings: earnings.map(ledgerRowResult),
    sessions: sessionRows.map((session) => ({
      id: session.id,
      device: describeUserAgent(session.userAgent),
      ip: session.ip,
      created_at: session.createdAt.toISOString(),
      last_seen_at: session.lastUsedAt.toISOString(),
      expires_at: session.expiresAt.toISOString(),
      revoked_at: session.revokedAt?.toISOString() ?? null,
      two_factor_at: session.twoFactorAt?.toISOString() ?? null,
    })),
    callbacks: callbacks.map(callbackResult),
    tickets: ticketRows.map((ticket) => ({
      id: ticket.id,
      status: ticket.status,
      offer_name: ticket.offerName,
      created_at: ticket.createdAt.toISOString(),
      credited: ticket.creditedCoins === null ? null : coinsToDollarString(ticket.creditedCoins),
    })),
    referrals: {
      count: referredCount?.value ?? 0,
      latest: referred.map((row) => ({ id: row.id, email: row.email, created_at: row.createdAt.toISOString() })),
      review,
    },
    holds: held.map((hold) => ({
      id: hold.id,
      reference: hold.reference,
      amount: coinsToDollarString(hold.coins),
      amount_coins: hold.coins,
      reason: hold.reason,
      held_at: hold.heldAt.toISOString(),
      release_at: hold.releaseAt.toISOString(),
    })),
    audit: audit.map(auditRowResult),
  };
}
