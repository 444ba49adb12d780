import { api } from '@rewards/shared/api/api';
import type { LoginPayload, MessageResponse, RegisterPayload } from '@rewards/shared/contracts/api-types';

/** The account calls the landing hero makes (spec §7), named apart from mf-account's own. */
export const heroApi = api.injectEndpoints({
  endpoints: (build) => ({
    heroRegister: build.mutation<MessageResponse, RegisterPayload>({
      query: (body) => ({ url: '/user/Register', method: 'POST', body }),
    }),
    heroLogin: build.mutation<MessageResponse, LoginPayload>({
      query: (body) => ({ url: '/user/Login', method: 'POST', body }),
    }),
  }),
});

export const { useHeroRegisterMutation, useHeroLoginMutation } = heroApi;
