import { useEffect } from 'react';
import { api } from '@rewards/shared/api/api';
import { envelopeData } from '@rewards/shared/api/envelope';
import type { CashoutStats } from '@rewards/shared/contracts/cashout-types';
import { useAppSelector } from '@rewards/shared/store/hooks';
import { selectUser } from '@rewards/shared/store/session-slice';

const cashoutStatsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCashoutStats: build.query<CashoutStats, void>({
      query: () => '/Cashout/stats',
      transformResponse: (body: unknown) => envelopeData<CashoutStats>(body),
      providesTags: ['CashoutStats'],
    }),
  }),
});

export const { useGetCashoutStatsQuery } = cashoutStatsApi;

/**
 * The cashout stats and the balance to show: the stats' `current_balance`, else the session's wallet; and the
 * held (pending) credits of the session's user.
 * `settled` turns true once the stats answered, either way. A failure is only logged (spec §8).
 */
export function useCashoutStats() {
  const { data: stats, error, isSuccess, isError } = useGetCashoutStatsQuery();
  const user = useAppSelector(selectUser);
  useEffect(() => {
    if (error) console.warn('Cashout stats could not be loaded', error);
  }, [error]);
  return {
    stats,
    balance: stats?.current_balance ?? user?.wallet ?? '0.00',
    // Held credits (not cashable yet), as the session knows them; wallet.updated keeps them current.
    pending: user?.pending_wallet ?? '0.00',
    settled: isSuccess || isError,
  };
}
