import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ApiError } from '../contracts/api-error';
import type { FieldCodes, FieldErrors, FieldProblem } from '../contracts/api-types';
import type { ErrorParams } from '../contracts/error-codes';

// The shape is a contract (the rules read it on the server side too); decoding it needs RTK Query.
export type { ApiError };

type EnvelopeLike = { message?: unknown; errors?: unknown; field_codes?: unknown; error_type?: unknown; code?: unknown; params?: unknown; method?: unknown };

const isValue = (value: unknown) => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

/** `{ name: value }` of strings and numbers only; anything else is not values a message could name. */
function readParams(value: unknown): ErrorParams | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value);
  return entries.every(([, item]) => isValue(item)) ? (Object.fromEntries(entries) as ErrorParams) : undefined;
}

/** `field_codes` as sent: per field, a list of `{ code, params? }`; a malformed entry is left out (its message still shows). */
function readFieldCodes(value: unknown): FieldCodes | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const fields: FieldCodes = {};
  for (const [field, problems] of Object.entries(value)) {
    if (!Array.isArray(problems)) continue;
    fields[field] = problems.flatMap((problem: unknown) => {
      if (typeof problem !== 'object' || problem === null || typeof (problem as { code?: unknown }).code !== 'string') return [];
      const params = readParams((problem as { params?: unknown }).params);
      return [{ code: (problem as { code: string }).code as FieldProblem['code'], ...(params ? { params } : {}) }];
    });
  }
  return fields;
}

function readEnvelope(body: unknown): Omit<ApiError, 'status'> {
  if (typeof body !== 'object' || body === null) return {};
  const envelope = body as EnvelopeLike;
  const decoded: Omit<ApiError, 'status'> = {};
  if (typeof envelope.message === 'string' && envelope.message) decoded.message = envelope.message;
  if (typeof envelope.errors === 'object' && envelope.errors !== null) decoded.errors = envelope.errors as FieldErrors;
  if (typeof envelope.error_type === 'string') decoded.errorType = envelope.error_type;
  if (typeof envelope.code === 'string') decoded.code = envelope.code;
  const params = readParams(envelope.params);
  if (params) decoded.params = params;
  const fieldCodes = readFieldCodes(envelope.field_codes);
  if (fieldCodes) decoded.fieldCodes = fieldCodes;
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
