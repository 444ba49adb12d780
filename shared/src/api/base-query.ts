import { fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { REQUEST_TIMEOUT_MS } from '../constants';
import { bearerFromPageCookie } from '../rules/auth-cookie';
import { envelopeFailure, toApiError, type ApiError } from './api-error';
import { accountRestrictionAlert } from './account-restriction';
import { getApiBase } from './api-base';

// Kept here for the remotes that import them from this module; new code imports `./api-base` (no RTK Query).
export { getApiBase, setApiBase } from './api-base';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '',
  credentials: 'include',
  timeout: REQUEST_TIMEOUT_MS,
  prepareHeaders(headers) {
    const authorization = bearerFromPageCookie();
    if (authorization) headers.set('Authorization', authorization);
    headers.set('Accept', 'application/json');
    return headers;
  },
});

function withBase(args: string | FetchArgs): FetchArgs {
  const request = typeof args === 'string' ? { url: args } : args;
  const path = request.url.startsWith('/') ? request.url : `/${request.url}`;
  return { ...request, url: `${getApiBase()}${path}` };
}

/** The one place where answers are decoded: envelope errors and account restrictions included. */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, queryApi, extraOptions) => {
  const result = await rawBaseQuery(withBase(args), queryApi, extraOptions);
  if (result.error) {
    const error = toApiError(result.error);
    const alert = accountRestrictionAlert(error);
    if (alert) queryApi.dispatch(alert);
    return { error, meta: result.meta };
  }
  const failure = envelopeFailure(result.meta?.response?.status ?? 200, result.data);
  if (failure) return { error: failure, meta: result.meta };
  return { data: result.data, meta: result.meta };
};
