import { coinsToDollarString } from '@rewards/shared/rules/money';
import { REFERRAL_REVIEW_STATUSES, type ReferralReviewStatus } from '../db/schema';
import { findUserByEmail, findUserById } from '../modules/account/repository';
import { decideReferral, listReferralReviews, type ReferralDecision } from '../modules/walls/referral-decisions';
import { defineCommand, OpsError, UsageError } from './command';

const dollars = (coins: number) => `$${coinsToDollarString(coins)}`;

export const referralsList = defineCommand({
  name: 'referrals:list',
  usage: `referrals:list [--status <${REFERRAL_REVIEW_STATUSES.join('|')}>]`,
  summary: 'lists referrals flagged as possible self-referral (same device or address), with the bonus withheld',
  parse: (args) => {
    if (args.length === 0) return { status: undefined };
    const status = args[1]?.toLowerCase();
    if (args.length !== 2 || args[0] !== '--status' || !REFERRAL_REVIEW_STATUSES.includes(status as ReferralReviewStatus)) {
      throw new UsageError(`use --status ${REFERRAL_REVIEW_STATUSES.join('|')}`);
    }
    return { status: status as ReferralReviewStatus };
  },
  async run({ db, out }, { status }) {
    const reviews = await listReferralReviews(db, { status, limit: 200 });
    if (reviews.length === 0) {
      out.line('No flagged referrals.');
      return;
    }
    for (const review of reviews) {
      const referrer = await findUserById(db, review.referrerId);
      const decided = review.decidedAt ? ` decided ${review.decidedAt.toISOString()} (${review.decisionReason ?? ''})` : '';
      out.line(
        `${review.referredEmail} referred by ${referrer?.email ?? `user ${review.referrerId}`}: ${review.status}, ${dollars(review.heldCoins)} withheld; ${review.signals}; flagged ${review.createdAt.toISOString()}${decided}`,
      );
    }
  },
});

export const referralsDecide = defineCommand({
  name: 'referrals:decide',
  usage: 'referrals:decide <referred user email> <approve|reject> --reason <text>',
  summary: 'decides a flagged referral: approve pays the withheld 5 % and lets later bonuses through, reject withholds them',
  parse: (args) => {
    const [email, decision, flag, ...rest] = args;
    if (!email || !/^[^\s@]+@[^\s@]+$/.test(email.trim())) throw new UsageError('name the referred user by email');
    if (decision !== 'approve' && decision !== 'reject') throw new UsageError('the decision is approve or reject');
    const reason = rest.join(' ').trim();
    if (flag !== '--reason' || reason === '') throw new UsageError('--reason <text> is required (it is kept with the decision)');
    if (reason.length > 500) throw new UsageError('the reason may be at most 500 characters');
    return { email: email.trim().toLowerCase(), decision: decision as ReferralDecision, reason };
  },
  async run({ db, out, tellWallets }, { email, decision, reason }) {
    const user = await findUserByEmail(db, email);
    if (!user) throw new OpsError(`No user with email ${email}`);
    const result = await decideReferral(db, { referredUserId: user.id, decision, reason });
    if (result.outcome === 'no-review') throw new OpsError(`The referral of ${email} is not flagged for review.`);
    if (result.outcome === 'unchanged') {
      out.line(`The referral of ${email} is already ${result.status}.`);
      return;
    }
    out.line(`The referral of ${email} is now ${result.status}.`);
    if (result.paidConversions > 0) {
      out.line(`Paid ${dollars(result.paidCoins)} withheld on ${result.paidConversions} conversion(s) to the referrer (user ${result.referrerId}).`);
      await tellWallets([result.referrerId]);
    }
  },
});
