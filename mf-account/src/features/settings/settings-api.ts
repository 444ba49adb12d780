import { api } from '@rewards/shared/api/api';
import type { MessageResponse, SuccessEnvelope, UserProfile } from '@rewards/shared/contracts/api-types';
import type { EmailPreferencesPayload } from '@rewards/shared/contracts/notifications';

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteAccount: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/user/DeleteAccount', method: 'POST' }),
    }),
    updateEmailPreferences: build.mutation<UserProfile, EmailPreferencesPayload>({
      query: (body) => ({ url: '/user/email-preferences', method: 'POST', body }),
      transformResponse: (envelope: SuccessEnvelope<{ user: UserProfile }>) => envelope.data.user,
      // The answer is the user: the session (and every page showing it) takes it as a fresh profile.
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) await dispatch(api.util.upsertQueryData('getProfile', undefined, answer.data));
      },
    }),
  }),
});

export const { useDeleteAccountMutation, useUpdateEmailPreferencesMutation } = settingsApi;
