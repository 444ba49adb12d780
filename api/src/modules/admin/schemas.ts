import { z } from 'zod';
import { MAX_REASON_LENGTH } from '../../ops/common-flags';
import { wholeNumberQuery } from '../../plugins/zod-schemas';
import { STAFF_ROLES } from '../../db/schema';

/** Zod helpers of the console's routes: bodies refuse unknown keys; ids, amounts and reasons as ops reads them. */

const NOT_PRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export function body<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}.` : 'The request body must be a JSON object.') });
}

function requiredText(label: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `The ${label} field is required.` : `The ${label} must be a string.`) })
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} may not be greater than ${max} characters.`);
}

/** A reason as ops takes it (`--reason`): kept in the audit log, shown to the user by some commands. */
export const reason = requiredText('reason', MAX_REASON_LENGTH).refine((text) => !NOT_PRINTABLE.test(text), 'The reason may contain printable characters only.');
export const optionalReason = reason.optional();

/** Dollars as ops takes them (`2.50`): the command checks the range. */
export const dollars = z
  .string({ error: 'The amount must be a string of dollars, like "2.50".' })
  .trim()
  .regex(/^\d{1,6}(\.\d{1,3})?$/, 'The amount must be dollars, like "2.50".');

export const staffRole = z.enum(STAFF_ROLES, { error: `The role must be one of ${STAFF_ROLES.join(', ')}.` });

export const email = requiredText('email', 254).toLowerCase().pipe(z.email('The email must be an email address.'));

const ID = /^[1-9]\d{0,14}$/;
export const idText = z.string().regex(ID, 'The id must be a whole number from 1.');

export const idParams = z.strictObject({ id: idText.transform(Number) });
export const userIdParams = z.strictObject({ user_id: idText.transform(Number) });
export const referredUserParams = z.strictObject({ referred_user_id: idText.transform(Number) });

export const MAX_PAGE = 100;
export const DEFAULT_PAGE = 50;

/** `limit` and `cursor` of every list. */
export const pageQuery = {
  limit: wholeNumberQuery('limit', 1, MAX_PAGE, DEFAULT_PAGE),
  cursor: z.string().max(200, 'The cursor is not one this server gave.').optional(),
};

export function query<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown parameter: ${issue.keys.join(', ')}.` : 'Invalid query.') });
}

export const codeBody = body({ code: requiredText('code', 32) });
export const reasonBody = body({ reason });
