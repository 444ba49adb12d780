import type { AdminPage, ReferralDecisionPayload, ReferralReview, ReferralReviewStatus } from '@rewards/shared/contracts/admin-types';
import { adminApi, adminChange, adminListQuery, CURSOR_PAGES, listParams } from '../../console/admin-api';

const referralsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** `pending`: the flagged ones, oldest first. */
    getReferralReviews: build.infiniteQuery<AdminPage<ReferralReview>, ReferralReviewStatus, string>({
      infiniteQueryOptions: CURSOR_PAGES,
      queryFn: adminListQuery<ReferralReview, ReferralReviewStatus>((status, cursor) => ({ url: '/admin/referrals', params: listParams({ status }, cursor) })),
      providesTags: ['AdminReferrals'],
    }),
    decideReferral: build.mutation<unknown, { referredUserId: number } & ReferralDecisionPayload>({
      queryFn: adminChange(({ referredUserId, ...body }: { referredUserId: number } & ReferralDecisionPayload) => ({ url: `/admin/referrals/${referredUserId}/decide`, body })),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminReferrals', 'AdminUsers']),
    }),
  }),
});

export const { useGetReferralReviewsInfiniteQuery, useDecideReferralMutation } = referralsApi;
