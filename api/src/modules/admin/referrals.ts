import { z } from 'zod';
import { REFERRAL_REVIEW_STATUSES } from '../../db/schema';
import { referralsDecide } from '../../ops/referrals';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import { findUserById } from '../account/repository';
import { listReferralReviewPage, referralReviewResult } from '../referrals/referral-reviews';
import type { StaffRole } from '../staff/roles';
import { decodeCursor, pageOf } from './pagination';
import type { StaffCommandRunner } from './run-command';
import { body, pageQuery, query, reason, referredUserParams } from './schemas';
import { notFound } from './users';

const finance = { staff: { roles: ['finance'] as readonly StaffRole[] } };

const referralsQuery = query({
  status: z.enum(REFERRAL_REVIEW_STATUSES, { error: `The status must be one of ${REFERRAL_REVIEW_STATUSES.join(', ')}.` }).default('pending'),
  ...pageQuery,
});
const decideBody = body({ decision: z.enum(['approve', 'reject'], { error: 'The decision must be approve or reject.' }), reason });

/** Referrals flagged as possible self-referral, and the decision (finance). */
export const referralRoutes: ZodPlugin<{ run: StaffCommandRunner }> = async (app, { run }) => {
  app.get('/referrals', { config: finance, schema: { querystring: referralsQuery } }, async (request) => {
    const { status, limit, cursor } = request.query;
    const after = decodeCursor(cursor, ['time', 'id'] as const);
    const rows = await listReferralReviewPage(app.db, { status, limit, after: after && { createdAt: after[0], referredUserId: after[1] } });
    return { status: 'success' as const, data: pageOf(rows, limit, (row) => [row.createdAt.toISOString(), row.referredUserId], referralReviewResult) };
  });

  app.post('/referrals/:referred_user_id/decide', { config: finance, schema: { params: referredUserParams, body: decideBody } }, async (request) => {
    const user = await findUserById(app.db, request.params.referred_user_id);
    if (!user) throw notFound('user');
    return { status: 'success' as const, data: await run(request, referralsDecide, [user.email, request.body.decision], request.body.reason) };
  });
};
