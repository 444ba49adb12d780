import { createApi } from '@reduxjs/toolkit/query/react';
import type { SuccessEnvelope, UserProfile } from '../contracts/api-types';
import { baseQuery } from './base-query';

/** The one RTK Query API of the site; remotes add their calls with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Profile', 'Offers', 'MyOffers', 'CashoutStats', 'CashoutHistory'],
  endpoints: (build) => ({
    getProfile: build.query<UserProfile, void>({
      query: () => ({ url: '/user/Profile', method: 'POST' }),
      transformResponse: (envelope: SuccessEnvelope<UserProfile>) => envelope.data,
      providesTags: ['Profile'],
    }),
    // Whoever is signed in, or null for a visitor (200 either way: no failed request in a visitor's console).
    probeSession: build.query<UserProfile | null, void>({
      query: () => ({ url: '/user/Session', method: 'POST' }),
      transformResponse: (envelope: SuccessEnvelope<UserProfile | null>) => envelope.data,
    }),
    logout: build.mutation<unknown, void>({
      query: () => ({ url: '/user/logout', method: 'POST' }),
    }),
  }),
});

export const { useGetProfileQuery } = api;

type ApiStateSlice = { api: ReturnType<typeof api.reducer> };

/** True while any call of any remote is waiting for its answer (the shell's global indicator). */
export function selectRequestsInFlight(state: ApiStateSlice): boolean {
  const pending = (entry: { status: string } | undefined) => entry?.status === 'pending';
  return Object.values(state.api.queries).some(pending) || Object.values(state.api.mutations).some(pending);
}
