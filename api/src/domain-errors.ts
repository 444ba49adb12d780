import type { FieldErrors } from '@rewards/shared/contracts/api-types';

/** `code`: the refusal's stable name for the UI; `extra`: further facts the UI reads (e.g. a step-up's `method`). */
export type DomainErrorDetails = { errors?: FieldErrors; errorType?: string; code?: string; extra?: Record<string, unknown> };

/**
 * A refusal a service means the person to read: what went wrong in the domain's words, never how HTTP says
 * it. The one error handler (plugins/errors.ts) gives each kind its status.
 */
export abstract class DomainError extends Error {
  constructor(
    message: string,
    readonly details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The input breaks a rule (422); `errors` names the fields. */
export class ValidationError extends DomainError {}
/** The request cannot be acted on as it stands, such as a wrong or expired code (400). */
export class InvalidRequestError extends DomainError {}
/** No live session, or credentials that do not match (401). */
export class UnauthorizedError extends DomainError {}
/** Known, but not allowed: a blocked or pending account, a bad signature (403). */
export class ForbiddenError extends DomainError {}
export class NotFoundError extends DomainError {}
/** The request contradicts what is stored, such as a reused signature (409). */
export class ConflictError extends DomainError {}
/** Too many tries in the window (429). */
export class TooManyAttemptsError extends DomainError {}
