import { createApi } from '@reduxjs/toolkit/query/react';
import type { SuccessEnvelope, UserProfile } from '../contracts/api-types';
import { baseQuery } from './base-query';
import { apiLoaded } from './loaded-api';

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

// The stores made before this module loaded add its reducer and middleware now (see loaded-api.ts).
apiLoaded(api);

/** Kept here for the remotes that import it from this module. */
export { selectRequestsInFlight } from './requests-in-flight';
