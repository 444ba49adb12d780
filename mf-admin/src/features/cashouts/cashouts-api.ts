import type { AdminCashoutRow, AdminPage, CashoutApprovePayload, PayoutRow, PayoutStatus, ReasonPayload } from '@rewards/shared/contracts/admin-types';
import { adminApi, adminChange, adminListQuery, CURSOR_PAGES, listParams } from '../../console/admin-api';

type WithId<P> = { id: number } & P;

const cashoutsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** `pending`: the review queue, oldest first. */
    getAdminCashouts: build.infiniteQuery<AdminPage<AdminCashoutRow>, string, string>({
      infiniteQueryOptions: CURSOR_PAGES,
      queryFn: adminListQuery<AdminCashoutRow, string>((status, cursor) => ({ url: '/admin/cashouts', params: listParams({ status }, cursor) })),
      providesTags: ['AdminCashouts'],
    }),
    getAdminPayouts: build.infiniteQuery<AdminPage<PayoutRow>, PayoutStatus, string>({
      infiniteQueryOptions: CURSOR_PAGES,
      queryFn: adminListQuery<PayoutRow, PayoutStatus>((status, cursor) => ({ url: '/admin/payouts', params: listParams({ status }, cursor) })),
      providesTags: ['AdminPayouts'],
    }),
    approveCashout: build.mutation<unknown, WithId<CashoutApprovePayload>>({
      queryFn: adminChange(({ id, ...body }: WithId<CashoutApprovePayload>) => ({ url: `/admin/cashouts/${id}/approve`, body })),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminCashouts', 'AdminPayouts', 'AdminOverview']),
    }),
    rejectCashout: build.mutation<unknown, WithId<ReasonPayload>>({
      queryFn: adminChange(({ id, ...body }: WithId<ReasonPayload>) => ({ url: `/admin/cashouts/${id}/reject`, body })),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminCashouts', 'AdminOverview', 'AdminUsers']),
    }),
    retryPayout: build.mutation<unknown, WithId<ReasonPayload>>({
      queryFn: adminChange(({ id, ...body }: WithId<ReasonPayload>) => ({ url: `/admin/payouts/${id}/retry`, body })),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminPayouts', 'AdminOverview']),
    }),
  }),
});

export const { useGetAdminCashoutsInfiniteQuery, useGetAdminPayoutsInfiniteQuery, useApproveCashoutMutation, useRejectCashoutMutation, useRetryPayoutMutation } = cashoutsApi;
