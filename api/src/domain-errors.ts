import type { FieldErrors } from '@rewards/shared/contracts/api-types';
import type { ErrorCode, ErrorParams } from '@rewards/shared/contracts/error-codes';

/**
 * `code`: the refusal's stable name for the UI (each kind has a default); `params`: the values its message
 * names; `extra`: further facts the UI reads (e.g. a step-up's `method`).
 */
export type DomainErrorDetails = { errors?: FieldErrors; errorType?: string; code?: ErrorCode; params?: ErrorParams; extra?: Record<string, unknown> };

/**
 * A refusal a service means the person to read: what went wrong in the domain's words, never how HTTP says
 * it. The one error handler (plugins/errors.ts) gives each kind its status.
 */
export abstract class DomainError extends Error {
  protected abstract readonly defaultCode: ErrorCode;

  constructor(
    message: string,
    readonly details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = new.target.name;
  }

  get errorCode(): ErrorCode {
    return this.details.code ?? this.defaultCode;
  }
}

/** The input breaks a rule (422); `errors` names the fields. */
export class ValidationError extends DomainError {
  protected readonly defaultCode = 'validation_failed';
}
/** The request cannot be acted on as it stands, such as a wrong or expired code (400). */
export class InvalidRequestError extends DomainError {
  protected readonly defaultCode = 'invalid_request';
}
/** No live session, or credentials that do not match (401). */
export class UnauthorizedError extends DomainError {
  protected readonly defaultCode = 'unauthenticated';
}
/** Known, but not allowed: a blocked or pending account, a bad signature (403). */
export class ForbiddenError extends DomainError {
  protected readonly defaultCode = 'forbidden';
}
export class NotFoundError extends DomainError {
  protected readonly defaultCode = 'not_found';
}
/** The request contradicts what is stored, such as a reused signature (409). */
export class ConflictError extends DomainError {
  protected readonly defaultCode = 'conflict';
}
/** Too many tries in the window (429). */
export class TooManyAttemptsError extends DomainError {
  protected readonly defaultCode = 'rate_limited';
}
