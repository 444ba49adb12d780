import { api } from '@rewards/shared/api/api';
import type { SuccessEnvelope } from '@rewards/shared/contracts/api-types';
import type { LeaderboardData, LeaderboardPeriod } from '@rewards/shared/contracts/marketing-types';

export const leaderboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLeaderboard: build.query<LeaderboardData, LeaderboardPeriod>({
      query: (period) => ({ url: `/leaderboard?period=${period}` }),
      transformResponse: (envelope: SuccessEnvelope<LeaderboardData>) => envelope.data,
    }),
  }),
});

export const { useGetLeaderboardQuery } = leaderboardApi;
