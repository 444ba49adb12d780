import { api } from '@rewards/shared/api/api';
import { isApiError, type ApiError } from '@rewards/shared/api/api-error';
import type { MessageResponse, VerifyEmailPayload } from '@rewards/shared/contracts/api-types';
import { useApiErrorText } from '@rewards/shared/translate/api-errors';
import { useT } from '../../messages';

/** The banner's calls: the code mailed at sign-up, and another one (at most once a minute). */
export const verifyEmailApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyEmail: build.mutation<MessageResponse, VerifyEmailPayload>({
      query: (body) => ({ url: '/user/verify-email', method: 'POST', body }),
      // The user answer says verified now: every page showing it (the banner's slot too) takes it.
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        if (await queryFulfilled.then(() => true, () => false)) {
          await dispatch(api.endpoints.getProfile.initiate(undefined, { subscribe: false, forceRefetch: true }));
        }
      },
    }),
    resendEmailCode: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/user/verify-email/resend', method: 'POST' }),
    }),
  }),
});

export const { useVerifyEmailMutation, useResendEmailCodeMutation } = verifyEmailApi;

export const VERIFY_EMAIL_CODE_LENGTH = 6;

/** The code as typed: digits only, at most 6. */
export function sanitizeCode(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, VERIFY_EMAIL_CODE_LENGTH);
}

/** The server's words when it answered (translated by their code); else what a call that got no answer means. */
export function useFailureText(): (error: unknown) => string {
  const t = useT();
  const errorText = useApiErrorText();
  return (error) => {
    const failure: ApiError = isApiError(error) ? error : { status: 'NETWORK_ERROR' };
    return errorText(failure, typeof failure.status === 'number' ? t('errors.somethingWrong') : t('errors.network'));
  };
}
