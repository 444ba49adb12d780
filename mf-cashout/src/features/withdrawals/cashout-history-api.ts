import { api } from '@rewards/shared/api/api';
import { envelopeData } from '@rewards/shared/api/envelope';
import type { CashoutHistoryPage } from '@rewards/shared/contracts/cashout-types';

export const HISTORY_PAGE_SIZE = 10;

const cashoutHistoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Newest first, one page of `HISTORY_PAGE_SIZE` at a time ("Load more"). */
    getCashoutHistory: build.infiniteQuery<CashoutHistoryPage, void, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage) =>
          lastPage.page * lastPage.per_page < lastPage.total ? lastPage.page + 1 : undefined,
      },
      query: ({ pageParam }) => ({ url: '/Cashout/history', params: { page: pageParam, per_page: HISTORY_PAGE_SIZE } }),
      transformResponse: (body: unknown) => envelopeData<CashoutHistoryPage>(body),
      providesTags: ['CashoutHistory'],
    }),
  }),
});

export const { useGetCashoutHistoryInfiniteQuery } = cashoutHistoryApi;
