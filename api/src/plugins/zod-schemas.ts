import type { FastifyPluginAsync, FastifyTypeProvider, RawServerDefault } from 'fastify';
import { z } from 'zod';
import type { ErrorEnvelope, FieldProblem } from '@rewards/shared/contracts/api-types';
import { ERROR_CODES, type ErrorCode, isErrorCode } from '@rewards/shared/contracts/error-codes';

/** Route schemas are zod schemas: they validate requests, shape responses and type both. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** A route plugin whose schemas are zod schemas. */
export type ZodPlugin<Options extends Record<string, unknown> = Record<never, never>> = FastifyPluginAsync<
  Options,
  RawServerDefault,
  ZodTypeProvider
>;

export type RequestPart = 'body' | 'querystring' | 'params' | 'headers';

/** A request that failed its schema; the error handler answers it with 422 and the field messages. */
export class RequestValidationError extends Error {
  constructor(
    readonly part: RequestPart,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(issues[0]?.message ?? 'Invalid request');
    this.name = 'RequestValidationError';
  }

  /** `validation_failed`, unless the first issue names its own code (a refinement's `params: { code }`). */
  get errorCode(): ErrorCode {
    const first = this.issues[0];
    const named = first?.code === 'custom' ? first.params?.code : undefined;
    return isErrorCode(named) ? named : 'validation_failed';
  }
}

const number = (value: unknown) => (typeof value === 'bigint' ? Number(value) : value instanceof Date ? value.toISOString() : (value as number));

/**
 * A schema issue as a field's stable code (the small set of ERROR_CODES' field codes) with the values its
 * message names: `too_short` `{min}`, `too_big` `{max}`…; a refinement's own `params: { code }` when it names one.
 */
export function fieldProblemOf(issue: z.core.$ZodIssue): FieldProblem {
  switch (issue.code) {
    case 'invalid_type':
    case 'invalid_value':
      return { code: issue.input === undefined ? 'required' : 'invalid_value' };
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? { code: 'required' } : { code: 'too_short', params: { min: number(issue.minimum) } };
      return { code: 'too_small', params: { min: number(issue.minimum) } };
    case 'too_big':
      return { code: issue.origin === 'string' ? 'too_long' : 'too_big', params: { max: number(issue.maximum) } };
    case 'invalid_format':
      return { code: issue.format === 'email' ? 'invalid_email' : 'invalid_format' };
    case 'unrecognized_keys':
      return { code: 'unknown_field' };
    case 'custom': {
      const named = issue.params?.code;
      return isErrorCode(named) && named !== 'validation_failed' ? { code: named } : { code: 'invalid_value' };
    }
    default:
      return { code: 'invalid_value' };
  }
}

export function zodValidatorCompiler({ schema, httpPart }: { schema: z.ZodType; httpPart?: string }) {
  const part = toRequestPart(httpPart);
  return (data: unknown) => {
    // The input lets a field's problem tell "missing" from "of the wrong type" (fieldProblemOf); never answered.
    const result = schema.safeParse(data, { reportInput: true });
    return result.success ? { value: result.data } : { error: new RequestValidationError(part, result.error.issues) };
  };
}

/** Responses go through their schema too, so a field not in the schema never leaks out. */
export function zodSerializerCompiler({ schema }: { schema: z.ZodType }) {
  return (data: unknown) => JSON.stringify(schema.parse(data));
}

function toRequestPart(httpPart: string | undefined): RequestPart {
  return httpPart === 'querystring' || httpPart === 'params' || httpPart === 'headers' ? httpPart : 'body';
}

/** The error envelope as a response schema, for routes that answer errors themselves. */
export const errorEnvelopeSchema: z.ZodType<ErrorEnvelope> = z.object({
  status: z.literal('error'),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  field_codes: z
    .record(z.string(), z.array(z.object({ code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() })))
    .optional(),
  error_type: z.string().optional(),
  code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/**
 * A query parameter holding a whole number from `min` to `max` (no upper bound when undefined), `fallback` when
 * left out; anything else (signs, decimals, exponents, a repeated parameter) fails with one message naming the range.
 */
export function wholeNumberQuery(label: string, min: number, max: number | undefined, fallback: number) {
  const message =
    max === undefined ? `The ${label} must be a whole number of at least ${min}.` : `The ${label} must be a whole number from ${min} to ${max}.`;
  return z
    .string({ error: message })
    .regex(/^\d{1,6}$/, message)
    .transform(Number)
    .pipe(max === undefined ? z.number().min(min, message) : z.number().min(min, message).max(max, message))
    .optional()
    .transform((value) => value ?? fallback);
}
