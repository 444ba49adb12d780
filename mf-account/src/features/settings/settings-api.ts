import { api } from '@rewards/shared/api/api';
import type { MessageResponse } from '@rewards/shared/contracts/api-types';

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteAccount: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/user/DeleteAccount', method: 'POST' }),
    }),
  }),
});

export const { useDeleteAccountMutation } = settingsApi;
