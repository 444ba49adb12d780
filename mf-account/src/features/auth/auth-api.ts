import { accountRestrictionAlert } from '@rewards/shared/api/account-restriction';
import { api } from '@rewards/shared/api/api';
import { isApiError, type ApiError } from '@rewards/shared/api/api-error';
import type {
  ForgotPasswordPayload,
  LoginPayload,
  LoginResponse,
  MessageResponse,
  RegisterPayload,
  ResetPasswordPayload,
  TwoFactorRequired,
  VerifyOtpPayload,
} from '@rewards/shared/contracts/api-types';

/** The account calls of spec §7 the auth modals make; the session cookie comes back HttpOnly. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginPayload>({
      query: (body) => ({ url: '/user/Login', method: 'POST', body }),
    }),
    register: build.mutation<MessageResponse, RegisterPayload>({
      query: (body) => ({ url: '/user/Register', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<MessageResponse, ForgotPasswordPayload>({
      query: (body) => ({ url: '/user/forgot-password', method: 'POST', body }),
    }),
    verifyOtp: build.mutation<MessageResponse, VerifyOtpPayload>({
      query: (body) => ({ url: '/user/verify-otp', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageResponse, ResetPasswordPayload>({
      query: (body) => ({ url: '/user/reset-password', method: 'POST', body }),
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useForgotPasswordMutation,
  useVerifyOtpMutation,
  useResetPasswordMutation,
} = authApi;

/** What a rejected `unwrap()` carries: the base query's ApiError, or (never expected) something thrown on the way. */
export function callFailure(error: unknown): ApiError {
  return isApiError(error) ? error : { status: 'NETWORK_ERROR' };
}

/** A 403 of a blocked or pending account: the shared alert modal is already telling the user (spec §8). */
export function isAccountRestriction(error: ApiError): boolean {
  return accountRestrictionAlert(error) !== null;
}

/** A Login answer that asks for the second step instead of signing in. */
export function twoFactorChallengeOf(answer: LoginResponse): TwoFactorRequired | null {
  const data = answer.data;
  return data && 'two_factor_required' in data && data.two_factor_required ? data : null;
}
