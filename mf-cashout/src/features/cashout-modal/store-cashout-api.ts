import { api } from '@rewards/shared/api/api';
import { IDEMPOTENCY_HEADER, type CashoutRequest, type CashoutResult } from '@rewards/shared/contracts/cashout-types';
import { refreshSession } from '@rewards/shared/store/session-thunks';
import { isOutcomeUnknown } from './cashout-errors';

export type StoreCashoutArgs = { request: CashoutRequest; idempotencyKey: string };

const storeCashoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    storeCashout: build.mutation<CashoutResult, StoreCashoutArgs>({
      query: ({ request, idempotencyKey }) => ({
        url: '/Cashout/Store',
        method: 'POST',
        body: request,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
      // A refusal changes nothing; after a success, or an answer that never came, the numbers may have moved.
      invalidatesTags: (result, error) =>
        result || isOutcomeUnknown(error) ? ['CashoutStats', 'CashoutHistory', 'Profile'] : [],
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        // The navigation shows `session.user.wallet`; the shell fetches the profile without a subscription,
        // so invalidating 'Profile' alone would not refetch it.
        void dispatch(refreshSession());
      },
    }),
  }),
});

export const { useStoreCashoutMutation } = storeCashoutApi;
