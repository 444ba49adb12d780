import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorEnvelope, FieldCodes, FieldErrors } from '@rewards/shared/contracts/api-types';
import type { ErrorCode, ErrorParams } from '@rewards/shared/contracts/error-codes';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidRequestError,
  NotFoundError,
  TooManyAttemptsError,
  UnauthorizedError,
  ValidationError,
} from '../domain-errors';
import { fieldProblemOf, RequestValidationError } from './zod-schemas';

/** An error a module throws on purpose: its status and message are meant for the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: { errors?: FieldErrors; errorType?: string; code?: ErrorCode; params?: ErrorParams } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  get errorCode(): ErrorCode {
    return this.extra.code ?? codeOfStatus(this.statusCode);
  }
}

/** The code of an answer nothing more specific named: what its status says. */
export function codeOfStatus(statusCode: number): ErrorCode {
  const byStatus: Record<number, ErrorCode> = {
    400: 'invalid_request',
    401: 'unauthenticated',
    403: 'forbidden',
    404: 'not_found',
    409: 'conflict',
    413: 'payload_too_large',
    415: 'unsupported_media_type',
    422: 'validation_failed',
    429: 'rate_limited',
    503: 'service_unavailable',
  };
  return byStatus[statusCode] ?? (statusCode >= 500 ? 'internal_error' : 'invalid_request');
}

/** The HTTP status of each kind of domain error: the only place services' refusals meet HTTP. */
const STATUS_OF_DOMAIN_ERROR: ReadonlyArray<[new (...args: never[]) => DomainError, number]> = [
  [ValidationError, 422],
  [InvalidRequestError, 400],
  [UnauthorizedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [TooManyAttemptsError, 429],
];

export function domainErrorStatus(error: DomainError): number {
  return STATUS_OF_DOMAIN_ERROR.find(([kind]) => error instanceof kind)?.[1] ?? 500;
}

/** A schema's refusal as field messages (`errors`) and, in the same order, their codes (`field_codes`). */
export function validationErrors(error: RequestValidationError): { errors: FieldErrors; field_codes: FieldCodes } {
  const errors: FieldErrors = {};
  const fieldCodes: FieldCodes = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : error.part;
    (errors[field] ??= []).push(issue.message);
    (fieldCodes[field] ??= []).push(fieldProblemOf(issue));
  }
  return { errors, field_codes: fieldCodes };
}

/**
 * A module's own field errors: each names the refusal's code (`email_taken`, `invalid_code`…) and its values;
 * none for the default `validation_failed`, whose words say less than the field's own message.
 */
export function fieldCodesOf(errors: FieldErrors, code: ErrorCode, params: ErrorParams | undefined): FieldCodes | undefined {
  if (code === 'validation_failed') return undefined;
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.map(() => (params ? { code, params } : { code }))]));
}

/** One error handler for the whole app: envelopes for every error, no 5xx detail to the client. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => {
    const body: ErrorEnvelope = { status: 'error', code: 'not_found', message: 'Not found' };
    return reply.code(404).send(body);
  });

  app.setErrorHandler((error: FastifyError | HttpError | DomainError | RequestValidationError, request, reply) => {
    if (error instanceof DomainError) {
      const body: ErrorEnvelope = { ...error.details.extra, status: 'error', code: error.errorCode, message: error.message };
      if (error.details.params) body.params = error.details.params;
      if (error.details.errors) {
        body.errors = error.details.errors;
        const fieldCodes = fieldCodesOf(error.details.errors, body.code, error.details.params);
        if (fieldCodes) body.field_codes = fieldCodes;
      }
      if (error.details.errorType) body.error_type = error.details.errorType;
      return reply.code(domainErrorStatus(error)).send(body);
    }
    if (error instanceof RequestValidationError) {
      const body: ErrorEnvelope = { status: 'error', code: error.errorCode, message: error.message, ...validationErrors(error) };
      return reply.code(422).send(body);
    }
    if (error instanceof HttpError) {
      const body: ErrorEnvelope = { status: 'error', code: error.errorCode, message: error.message };
      if (error.extra.params) body.params = error.extra.params;
      if (error.extra.errors) {
        body.errors = error.extra.errors;
        const fieldCodes = fieldCodesOf(error.extra.errors, body.code, error.extra.params);
        if (fieldCodes) body.field_codes = fieldCodes;
      }
      if (error.extra.errorType) body.error_type = error.extra.errorType;
      return reply.code(error.statusCode).send(body);
    }
    // A handler may throw anything, even undefined: only an object can carry a status.
    const statusCode = typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500) {
      const body: ErrorEnvelope = { status: 'error', code: codeOfStatus(statusCode), message: error.message };
      return reply.code(statusCode).send(body);
    }
    request.log.error({ err: error }, 'request failed');
    const body: ErrorEnvelope = { status: 'error', code: 'internal_error', message: 'Internal server error' };
    return reply.code(statusCode >= 500 && statusCode < 600 ? statusCode : 500).send(body);
  });
}
