import { z } from 'zod';
import type { ContactPayload } from '@rewards/shared/contracts/marketing-types';

export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

export const CONTACT_MESSAGES = {
  sent: 'Message Sent!',
} as const;

// Control characters (other than line breaks and tabs in the message) and bidi overrides have no place in a
// support message: they hide or reorder what the operator reads in a terminal.
const CONTROL_OR_BIDI = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const CONTROL_OR_BIDI_ONE_LINE = /[\u0000-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

function text(label: string) {
  return z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? `The ${label} field is required.` : `The ${label} must be a string.`),
  });
}

function field(label: string, max: number, forbidden: RegExp) {
  return text(label)
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} may not be greater than ${max} characters.`)
    .refine((value) => !forbidden.test(value), `The ${label} contains characters that are not allowed.`);
}

export const contactBody = z.object(
  {
    name: field('name', CONTACT_LIMITS.name, CONTROL_OR_BIDI_ONE_LINE),
    email: text('email')
      .trim()
      .min(1, 'The email field is required.')
      .max(CONTACT_LIMITS.email, `The email may not be greater than ${CONTACT_LIMITS.email} characters.`)
      .toLowerCase()
      .pipe(z.email({ error: 'The email must be a valid email address.' })),
    subject: field('subject', CONTACT_LIMITS.subject, CONTROL_OR_BIDI_ONE_LINE),
    message: field('message', CONTACT_LIMITS.message, CONTROL_OR_BIDI),
  },
  { error: 'The request body must be a JSON object.' },
) satisfies z.ZodType<ContactPayload, unknown>;

export const contactResponse = z.object({ status: z.literal('success'), message: z.string() });
