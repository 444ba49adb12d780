import type { ContactPayload } from '@rewards/shared/contracts/marketing-types';

export type ContactField = keyof ContactPayload;
/** Each field's problem as a message key (`contact.required.name`): the form says it in the page's language. */
export type ContactErrors = Partial<Record<ContactField, (typeof REQUIRED)[ContactField] | typeof INVALID_EMAIL>>;

export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'subject', 'message'];

const REQUIRED = {
  name: 'contact.required.name',
  email: 'contact.required.email',
  subject: 'contact.required.subject',
  message: 'contact.required.message',
} as const satisfies Record<ContactField, string>;
const INVALID_EMAIL = 'contact.invalid.email';

// The shape people and the API both accept: something@domain.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec §5 Contact: all four fields required (after trimming), the email in a valid format. */
export function validateContact(values: ContactPayload): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) if (values[field].trim() === '') errors[field] = REQUIRED[field];
  if (!errors.email && !EMAIL.test(values.email.trim())) errors.email = INVALID_EMAIL;
  return errors;
}
