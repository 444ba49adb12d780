import { api } from '@rewards/shared/api/api';
import type { ApiError } from '@rewards/shared/api/api-error';
import type { CashoutStats } from '@rewards/shared/contracts/cashout-types';
import type { MyOffer } from '@rewards/shared/contracts/offer-types';

export const NO_WITHDRAWALS: CashoutStats = {
  current_balance: '0.00',
  pending_amount: '0.00',
  pending_count: 0,
  total_requested: '0.00',
  total_approved: '0.00',
  total_amount: '0.00',
};

type Envelope = { data?: unknown };

function payloadOf(body: unknown): unknown {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && 'data' in body ? (body as Envelope).data : body;
}

/** Spec §7: my offers come as an array, bare or in the envelope's `data` (or `data.data`). */
export function readMyOffers(body: unknown): MyOffer[] {
  const data = payloadOf(body);
  const list = Array.isArray(data) ? data : payloadOf(data);
  return Array.isArray(list) ? (list as MyOffer[]) : [];
}

/** Spec §7: cashout stats come in `data.data` or `data`. */
export function readCashoutStats(body: unknown): CashoutStats {
  const data = payloadOf(body);
  const stats = typeof data === 'object' && data !== null && 'data' in data ? payloadOf(data) : data;
  return { ...NO_WITHDRAWALS, ...(typeof stats === 'object' && stats !== null ? (stats as Partial<CashoutStats>) : {}) };
}

/** Spec §8: these failures are only logged; the page shows empty lists and zeros. */
function logFailure(what: string) {
  return (error: ApiError) => {
    console.warn(`Profile: could not load ${what}`, error);
    return error;
  };
}

/** The profile page's reads of other teams' data (the calls of spec §7). */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOffersInProgress: build.query<MyOffer[], void>({
      query: () => '/Offers/my-offers',
      transformResponse: readMyOffers,
      transformErrorResponse: logFailure('my offers'),
      providesTags: ['MyOffers'],
    }),
    getWithdrawalStats: build.query<CashoutStats, void>({
      query: () => '/Cashout/stats',
      transformResponse: readCashoutStats,
      transformErrorResponse: logFailure('cashout stats'),
      providesTags: ['CashoutStats'],
    }),
  }),
});

export const { useGetOffersInProgressQuery, useGetWithdrawalStatsQuery } = profileApi;
