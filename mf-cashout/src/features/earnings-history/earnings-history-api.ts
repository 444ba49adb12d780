import { api } from '@rewards/shared/api/api';
import { envelopeData } from '@rewards/shared/api/envelope';
import type { EarningsPage } from '@rewards/shared/contracts/earnings-types';

/** Rows per "Load more". */
export const EARNINGS_PAGE_LIMIT = 20;

const earningsHistoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Newest first; each next page starts after the last row shown (`next_cursor`), so new credits never shift it. */
    getEarnings: build.infiniteQuery<EarningsPage, void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
      },
      query: ({ pageParam }) => ({
        url: '/user/earnings',
        params: pageParam === null ? { limit: EARNINGS_PAGE_LIMIT } : { limit: EARNINGS_PAGE_LIMIT, cursor: pageParam },
      }),
      transformResponse: (body: unknown) => envelopeData<EarningsPage>(body),
    }),
  }),
});

export const { useGetEarningsInfiniteQuery } = earningsHistoryApi;
