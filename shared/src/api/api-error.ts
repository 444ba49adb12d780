import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ApiError } from '../contracts/api-error';
import type { FieldErrors } from '../contracts/api-types';

// The shape is a contract (the rules read it on the server side too); decoding it needs RTK Query.
export type { ApiError };

type EnvelopeLike = { message?: unknown; errors?: unknown; error_type?: unknown; code?: unknown; method?: unknown };

function readEnvelope(body: unknown): Omit<ApiError, 'status'> {
  if (typeof body !== 'object' || body === null) return {};
  const envelope = body as EnvelopeLike;
  const decoded: Omit<ApiError, 'status'> = {};
  if (typeof envelope.message === 'string' && envelope.message) decoded.message = envelope.message;
  if (typeof envelope.errors === 'object' && envelope.errors !== null) decoded.errors = envelope.errors as FieldErrors;
  if (typeof envelope.error_type === 'string') decoded.errorType = envelope.error_type;
  if (typeof envelope.code === 'string') decoded.code = envelope.code;
  if (envelope.method === 'totp' || envelope.method === 'email') decoded.method = envelope.method;
  return decoded;
}

export function toApiError(error: FetchBaseQueryError): ApiError {
  if (error.status === 'FETCH_ERROR') return { status: 'NETWORK_ERROR' };
  if (error.status === 'TIMEOUT_ERROR') return { status: 'TIMEOUT' };
  if (error.status === 'PARSING_ERROR') return { status: error.originalStatus, ...readEnvelope(undefined) };
  if (error.status === 'CUSTOM_ERROR') return { status: 'NETWORK_ERROR', message: error.error };
  return httpError(error.status, error.data);
}

/** An HTTP error answer (status outside 2xx) with its decoded envelope. */
export function httpError(status: number, body: unknown): ApiError {
  return { status, ...readEnvelope(body) };
}

/** A 2xx answer whose envelope says `status: "error"` is a failure too. */
export function envelopeFailure(httpStatus: number, body: unknown): ApiError | null {
  if (typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'error') {
    return { status: httpStatus, ...readEnvelope(body) };
  }
  return null;
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'status' in value;
}
