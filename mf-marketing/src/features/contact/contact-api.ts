import { api } from '@rewards/shared/api/api';
import type { MessageResponse } from '@rewards/shared/contracts/api-types';
import type { ContactPayload } from '@rewards/shared/contracts/marketing-types';

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<MessageResponse, ContactPayload>({
      query: (body) => ({ url: '/contact', method: 'POST', body }),
    }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;
