import { api } from '@rewards/shared/api/api';
import type { ApiError } from '@rewards/shared/api/api-error';
import type { LoginResponse, MessageResponse, LoginSecondStepPayload, LoginResendPayload } from '@rewards/shared/contracts/api-types';

/** The second step of sign-in (issue 31), loaded with that step: it answers what Login answers without two-factor. */
const twoFactorLoginApi = api.injectEndpoints({
  endpoints: (build) => ({
    loginTwoFactor: build.mutation<LoginResponse, LoginSecondStepPayload>({
      query: (body) => ({ url: '/user/Login/2fa', method: 'POST', body }),
    }),
    resendSignInCode: build.mutation<MessageResponse, LoginResendPayload>({
      query: (body) => ({ url: '/user/Login/2fa/resend', method: 'POST', body }),
    }),
  }),
});

export const { useLoginTwoFactorMutation, useResendSignInCodeMutation } = twoFactorLoginApi;

/** A second step that cannot go on (expired, or too many wrong codes): sign in again from the password. */
export function isExpiredChallenge(error: ApiError): boolean {
  return error.code === 'challenge_expired';
}
