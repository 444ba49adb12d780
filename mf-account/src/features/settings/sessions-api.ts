import { api } from '@rewards/shared/api/api';
import type { MessageResponse, SignedInSession, SuccessEnvelope } from '@rewards/shared/contracts/api-types';

/** "Where you're signed in": the account's live sessions, and signing them out. */
export const sessionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSessions: build.query<SignedInSession[], void>({
      query: () => ({ url: '/user/sessions', method: 'GET' }),
      transformResponse: (envelope: SuccessEnvelope<SignedInSession[]>) => envelope.data,
      // A list of other browsers goes stale as they come and go: read it each time Settings opens.
      keepUnusedDataFor: 0,
    }),
    signOutSession: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `/user/sessions/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (await queryFulfilled.then(() => true, () => false)) {
          dispatch(sessionsApi.util.updateQueryData('getSessions', undefined, (sessions) => sessions.filter((session) => session.id !== id)));
        }
      },
    }),
    signOutOtherSessions: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/user/sessions/revoke-others', method: 'POST' }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        if (await queryFulfilled.then(() => true, () => false)) {
          dispatch(sessionsApi.util.updateQueryData('getSessions', undefined, (sessions) => sessions.filter((session) => session.current)));
        }
      },
    }),
  }),
});

export const { useGetSessionsQuery, useSignOutSessionMutation, useSignOutOtherSessionsMutation } = sessionsApi;
