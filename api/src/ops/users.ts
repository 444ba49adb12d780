import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { coinsToDollarString } from '@rewards/shared/rules/money';
import { ACCOUNT_STATUSES, type AccountStatus, sessions, users } from '../db/schema';
import { findUserByEmail, findUserById, setStatus, type UserRow } from '../modules/account/repository';
import { earningsOf } from '../modules/ledger/ledger';
import { listCallbacks } from '../modules/walls/callback-log';
import { defineCommand, OpsError, type OpsContext, UsageError } from './command';
import { callbackLine } from './postbacks';

/** How many of a user's latest postback callbacks users:show prints. */
const LAST_CALLBACKS = 5;

function parseEmail(value: string | undefined): string {
  const email = value?.trim().toLowerCase() ?? '';
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(value ? `"${value}" is not an email address` : 'an email address is needed');
  return email;
}

async function userByEmail({ db }: OpsContext, email: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new OpsError(`No user with email ${email}`);
  return user;
}

const dollars = (coins: number) => `$${coinsToDollarString(coins)}`;

export const usersShow = defineCommand({
  name: 'users:show',
  usage: 'users:show <email>',
  summary: 'shows a user: status, money, referrals, sign-in methods, sessions, last postback callbacks',
  parse: (args) => {
    if (args.length !== 1) throw new UsageError('users:show takes one email address');
    return { email: parseEmail(args[0]) };
  },
  async run(context, { email }) {
    const { db, out } = context;
    const user = await userByEmail(context, email);
    const [referrals, liveSessions, total, recent, referrer] = await Promise.all([
      db.select({ value: count() }).from(users).where(eq(users.referredBy, user.id)),
      db
        .select({ value: count() })
        .from(sessions)
        .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > now()`)),
      earningsOf(db, user.id),
      earningsOf(db, user.id, new Date(Date.now() - 30 * 24 * 3600 * 1000)),
      user.referredBy === null ? undefined : findUserById(db, user.referredBy),
    ]);
    const signIn = [user.passwordHash ? 'password' : null, user.googleSubject ? 'google' : null].filter(Boolean).join(', ') || 'none';
    const rows: Array<[string, string | number]> = [
      ['id', user.id],
      ['name', user.name],
      ['email', user.email],
      ['status', user.status],
      ['wallet', `${dollars(user.balanceCoins)} (${user.balanceCoins} coins)`],
      ['total earnings', dollars(total)],
      ['last 30 days', dollars(recent)],
      ['completed offers', user.completedOffers],
      ['referral code', user.referralCode],
      ['referred by', referrer ? `${referrer.email} (id ${referrer.id})` : '-'],
      ['referrals', referrals[0]?.value ?? 0],
      ['sign-in', signIn],
      ['live sessions', liveSessions[0]?.value ?? 0],
      ['created', user.createdAt.toISOString()],
    ];
    const width = Math.max(...rows.map(([label]) => label.length)) + 1;
    for (const [label, value] of rows) out.line(`${`${label}:`.padEnd(width)} ${value}`);
    const callbacks = await listCallbacks(db, { userId: user.id, limit: LAST_CALLBACKS });
    out.line(`last callbacks: ${callbacks.length === 0 ? 'none' : ''}`);
    for (const callback of callbacks) out.line(`  ${callbackLine(callback)}`);
  },
});

export const usersStatus = defineCommand({
  name: 'users:status',
  usage: `users:status <email> <${ACCOUNT_STATUSES.join('|')}>`,
  summary: 'sets an account active, blocked (403 account_blocked) or pending (403 account_pending)',
  parse: (args) => {
    if (args.length !== 2) throw new UsageError('users:status takes an email address and a status');
    const status = args[1]?.trim().toLowerCase();
    if (!ACCOUNT_STATUSES.includes(status as AccountStatus)) {
      throw new UsageError(`"${args[1]}" is not a status; use one of ${ACCOUNT_STATUSES.join(', ')}`);
    }
    return { email: parseEmail(args[0]), status: status as AccountStatus };
  },
  async run(context, { email, status }) {
    const user = await userByEmail(context, email);
    if (user.status === status) {
      context.out.line(`${email} is already ${status}`);
      return;
    }
    await setStatus(context.db, user.id, status);
    context.out.line(`${email}: ${user.status} -> ${status}`);
    if (status !== 'active') context.out.line('Their sessions stay, but every call now answers 403 until the account is active again.');
  },
});
