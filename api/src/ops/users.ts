import { count, eq } from 'drizzle-orm';
import { coinsToDollarString } from '@rewards/shared/rules/money';
import { ACCOUNT_STATUSES, type AccountStatus, users } from '../db/schema';
import { deleteEmailCodes } from '../modules/account/email-verification-codes';
import { findUserByEmail, findUserById, markEmailVerified, setStatus, type UserRow } from '../modules/account/repository';
import { earningsOf } from '../modules/ledger/ledger';
import { notify } from '../modules/notifications/notify';
import { countLiveSessions } from '../modules/session/session';
import { listCallbacks } from '../modules/walls/callback-log';
import { callbackResult, printCallbacks } from './callback-view';
import { defineCommand, OpsError, type OpsContext, UsageError } from './command';
import { onlyArgument } from './options';

/** How many of a user's latest postback callbacks users:show lists (postbacks:list --user shows more). */
export const LAST_CALLBACKS = 5;

const EMAIL = /^[^\s@\u0000-\u001f\u007f-\u009f]{1,200}@[^\s@\u0000-\u001f\u007f-\u009f]{1,200}$/;

/** An email address as stored (trimmed, lowercase); anything else is a usage error. */
export function parseEmail(value: string | undefined): string {
  const email = value?.trim().toLowerCase() ?? '';
  if (!EMAIL.test(email)) throw new UsageError(value ? `"${value}" is not an email address` : 'an email address is needed');
  return email;
}

/** The user with this address, named as the one the action concerns (for the audit log); none is an OpsError. */
export async function userConcerned({ db, concerns }: OpsContext, email: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new OpsError(`No user with email ${email}`);
  concerns(user);
  return user;
}

/** The owner of a row (a cashout, a ticket), for the audit log. */
export async function concernsOwner(context: OpsContext, userId: number): Promise<void> {
  const user = await findUserById(context.db, userId);
  if (user) context.concerns(user);
}

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * A service's refusals (no such row, or the row is past the change) are an operator's mistakes: a clear line,
 * not a stack trace, and a failed audit row naming the row's owner.
 */
export async function refusalsAsOpsErrors<T>(
  context: OpsContext,
  work: () => Promise<T>,
  refusals: { notFound: ErrorClass; closed: ErrorClass; row: () => Promise<{ userId: number } | null | undefined> },
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof refusals.closed) {
      const row = await refusals.row();
      if (row) await concernsOwner(context, row.userId);
    }
    if (error instanceof refusals.notFound || error instanceof refusals.closed) throw new OpsError(error.message);
    throw error;
  }
}

const dollars = (coins: number) => `$${coinsToDollarString(coins)}`;

export const usersShow = defineCommand({
  name: 'users:show',
  usage: 'users:show <email>',
  summary: 'shows a user: status, money, referrals, sign-in methods, sessions, last postback callbacks',
  reason: 'none',
  auditsReads: 'always',
  parse: (args) => ({ email: parseEmail(onlyArgument(args, 'users:show takes one email address')) }),
  async run(context, { email }) {
    const { db, out } = context;
    const user = await userConcerned(context, email);
    // One after another: the command runs in a transaction, which is one connection (pg refuses overlapping queries).
    const referrals = await db.select({ value: count() }).from(users).where(eq(users.referredBy, user.id));
    const liveSessions = await countLiveSessions(db, user.id);
    const total = await earningsOf(db, user.id);
    const recent = await earningsOf(db, user.id, new Date(Date.now() - 30 * 24 * 3600 * 1000));
    const referrer = user.referredBy === null ? undefined : await findUserById(db, user.referredBy);
    const callbacks = await listCallbacks(db, { userId: user.id, limit: LAST_CALLBACKS });
    const signIn = [user.passwordHash ? 'password' : null, user.googleSubject ? 'google' : null].filter((method) => method !== null);
    const shown = {
      id: user.id,
      name: user.name,
      email: user.email,
      email_verified: user.emailVerifiedAt !== null,
      status: user.status,
      balance: coinsToDollarString(user.balanceCoins),
      balance_coins: user.balanceCoins,
      total_earnings: coinsToDollarString(total),
      earnings_last_30_days: coinsToDollarString(recent),
      completed_offers: user.completedOffers,
      referral_code: user.referralCode,
      referred_by: referrer ? { id: referrer.id, email: referrer.email } : null,
      referrals: referrals[0]?.value ?? 0,
      sign_in: signIn,
      live_sessions: liveSessions,
      created_at: user.createdAt.toISOString(),
      last_callbacks: callbacks.map(callbackResult),
    };
    out.fields([
      ['id', shown.id],
      ['name', shown.name],
      ['email', `${shown.email}${shown.email_verified ? ' (verified)' : ' (not verified)'}`],
      ['status', shown.status],
      ['wallet', `${dollars(user.balanceCoins)} (${user.balanceCoins} coins)`],
      ['total earnings', dollars(total)],
      ['last 30 days', dollars(recent)],
      ['completed offers', shown.completed_offers],
      ['referral code', shown.referral_code],
      ['referred by', referrer ? `${referrer.email} (id ${referrer.id})` : '-'],
      ['referrals', shown.referrals],
      ['sign-in', signIn.join(', ') || 'none'],
      ['live sessions', shown.live_sessions],
      ['created', shown.created_at],
    ]);
    out.line('');
    if (callbacks.length === 0) {
      out.line('Last callbacks: none');
    } else {
      out.line(`Last callbacks (newest first; postbacks:list --user ${user.email} shows more):`);
      printCallbacks(out, callbacks, { withUser: false });
    }
    return shown;
  },
});

export const usersStatus = defineCommand({
  name: 'users:status',
  usage: `users:status <email> <${ACCOUNT_STATUSES.join('|')}> --reason <text>`,
  summary: 'sets an account active, blocked (403 account_blocked) or pending (403 account_pending)',
  reason: 'required',
  parse: (args) => {
    if (args.length !== 2) throw new UsageError('users:status takes an email address and a status');
    const status = args[1]?.trim().toLowerCase();
    if (!ACCOUNT_STATUSES.includes(status as AccountStatus)) {
      throw new UsageError(`"${args[1]}" is not a status; use one of ${ACCOUNT_STATUSES.join(', ')}`);
    }
    return { email: parseEmail(args[0]), status: status as AccountStatus };
  },
  async run(context, { email, status }) {
    const user = await userConcerned(context, email);
    const result = { user_id: user.id, email, from: user.status, to: status, changed: user.status !== status };
    if (!result.changed) {
      context.out.line(`${email} is already ${status}`);
      return result;
    }
    await setStatus(context.db, user.id, status);
    context.out.line(`${email}: ${user.status} -> ${status}`);
    if (status !== 'active') context.out.line('Their sessions stay, but every call now answers 403 until the account is active again.');
    return result;
  },
});

export const usersVerifyEmail = defineCommand({
  name: 'users:verify-email',
  usage: 'users:verify-email <email> --reason <text>',
  summary: "marks a user's email address verified (say how it was checked); the first cashout and instant cashouts need it",
  reason: 'required',
  parse: (args) => ({ email: parseEmail(onlyArgument(args, 'users:verify-email takes one email address and --reason <text>')) }),
  async run(context, { email }) {
    const user = await userConcerned(context, email);
    const already = user.emailVerifiedAt !== null;
    if (!already) {
      // As if the user had typed the code (in the command's audited transaction): the banner goes, the code
      // mailed is of no use any more, the bell says so.
      await markEmailVerified(context.db, user.id);
      await deleteEmailCodes(context.db, user.id);
      context.notified([await notify(context.db, { userId: user.id, kind: 'email_verified', data: {} })]);
    }
    context.out.line(already ? `${email} was already verified (${user.emailVerifiedAt!.toISOString()})` : `${email}: email verified`);
    return { user_id: user.id, email, email_verified: true, changed: !already };
  },
});
