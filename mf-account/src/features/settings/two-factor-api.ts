import { api } from '@rewards/shared/api/api';
import { isApiError, type ApiError } from '@rewards/shared/api/api-error';
import type {
  MessageResponse,
  SuccessEnvelope,
  TotpEnableResult,
  TotpSetupResult,
  TwoFactorCodePayload,
  TwoFactorDisablePayload,
  UserProfile,
} from '@rewards/shared/contracts/api-types';
import { refusalOf, useApiErrorText } from '@rewards/shared/translate/api-errors';
import { useT } from '../../messages';

type UserAnswer = SuccessEnvelope<{ user: UserProfile }>;

/** Two-factor in Settings (issue 31). Each change answers the user, which the session takes as its profile. */
export const twoFactorApi = api.injectEndpoints({
  endpoints: (build) => ({
    startTotpSetup: build.mutation<TotpSetupResult, void>({
      query: () => ({ url: '/user/2fa/totp/setup', method: 'POST' }),
      transformResponse: (envelope: SuccessEnvelope<TotpSetupResult>) => envelope.data,
    }),
    enableTotp: build.mutation<TotpEnableResult, TwoFactorCodePayload>({
      query: (body) => ({ url: '/user/2fa/totp/enable', method: 'POST', body }),
      transformResponse: (envelope: SuccessEnvelope<TotpEnableResult>) => envelope.data,
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) await dispatch(api.util.upsertQueryData('getProfile', undefined, answer.data.user));
      },
    }),
    sendTwoFactorEmailCode: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/user/2fa/email/send', method: 'POST' }),
    }),
    enableEmailCodes: build.mutation<UserProfile, TwoFactorCodePayload>({
      query: (body) => ({ url: '/user/2fa/email/enable', method: 'POST', body }),
      transformResponse: (envelope: UserAnswer) => envelope.data.user,
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) await dispatch(api.util.upsertQueryData('getProfile', undefined, answer.data));
      },
    }),
    disableTwoFactor: build.mutation<UserProfile, TwoFactorDisablePayload>({
      query: (body) => ({ url: '/user/2fa/disable', method: 'POST', body }),
      transformResponse: (envelope: UserAnswer) => envelope.data.user,
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) await dispatch(api.util.upsertQueryData('getProfile', undefined, answer.data));
      },
    }),
  }),
});

export const {
  useStartTotpSetupMutation,
  useEnableTotpMutation,
  useSendTwoFactorEmailCodeMutation,
  useEnableEmailCodesMutation,
  useDisableTwoFactorMutation,
} = twoFactorApi;

/**
 * What to say when a two-factor call failed, in the page's language: the server's own words translated by
 * their code ("Invalid code.", a wrong password, a wait before the next code), else as sent, else what went
 * wrong on the way, else `fallback`.
 */
export function useTwoFactorErrorText(): (error: unknown, fallback: string) => string {
  const t = useT();
  const errorText = useApiErrorText();
  return (error, fallback) => {
    const failure: ApiError = isApiError(error) ? error : { status: 'NETWORK_ERROR' };
    const answered = typeof failure.status === 'number' && failure.status < 500;
    let otherwise = fallback;
    if (failure.status === 'NETWORK_ERROR' || failure.status === 'TIMEOUT') otherwise = t('errors.network');
    else if (typeof failure.status === 'number' && failure.status >= 500) otherwise = t('errors.server');
    return errorText(answered ? refusalOf(failure) : null, otherwise);
  };
}
