import type { ContactPayload } from '@rewards/shared/contracts/marketing-types';

export type ContactField = keyof ContactPayload;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'subject', 'message'];

const REQUIRED: Record<ContactField, string> = {
  name: 'Please enter your full name.',
  email: 'Please enter your email address.',
  subject: 'Please enter a subject.',
  message: 'Please enter your message.',
};

// The shape people and the API both accept: something@domain.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec §5 Contact: all four fields required (after trimming), the email in a valid format. */
export function validateContact(values: ContactPayload): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) if (values[field].trim() === '') errors[field] = REQUIRED[field];
  if (!errors.email && !EMAIL.test(values.email.trim())) errors.email = 'Please enter a valid email address.';
  return errors;
}
