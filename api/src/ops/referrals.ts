import { coinsToDollarString } from '@rewards/shared/rules/money';
import { REFERRAL_REVIEW_STATUSES } from '../db/schema';
import { decideReferral, type ReferralDecision } from '../modules/referrals/referral-decisions';
import { listReferralReviews, referralReviewResult } from '../modules/referrals/referral-reviews';
import { defineCommand, OpsError, UsageError } from './command';
import { oneOf, readOptions, rowLimit } from './options';
import { countLine } from './output';
import { parseEmail, userConcerned } from './users';

const DEFAULT_LIST_LIMIT = 50;
const MAX_LIST_LIMIT = 500;
const DECISIONS: readonly ReferralDecision[] = ['approve', 'reject'];

const dollars = (coins: number) => `$${coinsToDollarString(coins)}`;
const seconds = (date: Date | null) => (date === null ? null : date.toISOString().replace(/\.\d{3}Z$/, 'Z'));

export const referralsList = defineCommand({
  name: 'referrals:list',
  usage: `referrals:list [--status <${REFERRAL_REVIEW_STATUSES.join('|')}>] [--limit <n>]`,
  summary: `lists referrals flagged as possible self-referral (same device or address), with the bonus withheld (default ${DEFAULT_LIST_LIMIT} rows)`,
  reason: 'none',
  parse: (args) => {
    const spec = { '--status': oneOf(REFERRAL_REVIEW_STATUSES, 'a review status'), '--limit': rowLimit(MAX_LIST_LIMIT) };
    const options = readOptions(args, spec, { repeated: 'last' });
    return { status: options['--status'], limit: options['--limit'] ?? DEFAULT_LIST_LIMIT };
  },
  async run({ db, out }, { status, limit }) {
    const reviews = await listReferralReviews(db, { status, limit });
    if (reviews.length === 0) {
      out.line(status ? `No ${status} flagged referrals.` : 'No flagged referrals.');
      return [];
    }
    out.table(
      ['referred user', 'referrer', 'status', 'withheld', 'signals', 'flagged', 'decided', 'decision reason'],
      reviews.map((review) => [
        review.referredEmail,
        review.referrerEmail,
        review.status,
        dollars(review.heldCoins),
        review.signals,
        seconds(review.createdAt),
        seconds(review.decidedAt),
        review.decisionReason,
      ]),
    );
    out.line('');
    out.line(countLine(reviews.length, limit, ['flagged referral', 'flagged referrals']));
    return reviews.map(referralReviewResult);
  },
});

export const referralsDecide = defineCommand({
  name: 'referrals:decide',
  usage: 'referrals:decide <referred user email> <approve|reject> --reason <text>',
  summary: 'decides a flagged referral: approve pays the withheld 5 % and lets later bonuses through, reject withholds them',
  reason: 'required',
  parse: (args) => {
    if (args.length !== 2) throw new UsageError('referrals:decide takes the referred user\'s email, approve or reject, and --reason <text>');
    const decision = args[1]!.trim().toLowerCase();
    if (!DECISIONS.includes(decision as ReferralDecision)) throw new UsageError(`"${args[1]}" is not a decision; use approve or reject`);
    return { email: parseEmail(args[0]), decision: decision as ReferralDecision };
  },
  async run(context, { email, decision }) {
    const { db, out } = context;
    const user = await userConcerned(context, email);
    // The reason rule 'required' guarantees it; it is kept with the decision too.
    const decided = await decideReferral(db, { referredUserId: user.id, decision, reason: context.reason! });
    if (decided.outcome === 'no-review') throw new OpsError(`The referral of ${email} is not flagged for review.`);
    const result = { referred_user_id: user.id, email, decision, status: decided.status, changed: decided.outcome === 'decided' };
    if (decided.outcome === 'unchanged') {
      out.line(`The referral of ${email} is already ${decided.status}.`);
      return { ...result, paid: coinsToDollarString(0), paid_coins: 0, paid_conversions: 0 };
    }
    out.line(`The referral of ${email}: ${decided.previous} -> ${decided.status}.`);
    if (decided.paidConversions > 0) {
      out.line(`Paid ${dollars(decided.paidCoins)} withheld on ${decided.paidConversions} conversion(s) to the referrer (user ${decided.referrerId}).`);
      await context.tellWallets([decided.referrerId]);
    }
    context.notified(decided.notifications);
    return {
      ...result,
      from: decided.previous,
      referrer_id: decided.referrerId,
      paid: coinsToDollarString(decided.paidCoins),
      paid_coins: decided.paidCoins,
      paid_conversions: decided.paidConversions,
    };
  },
});
