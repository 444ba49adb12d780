import { useState, type FormEvent } from 'react';
import { isApiError } from '@rewards/shared/api/api-error';
import type { ContactPayload } from '@rewards/shared/contracts/marketing-types';
import type { ContactContent } from '@rewards/shared/content/content-schemas';
import { type FieldRefusal, fieldRefusal, useApiErrorText } from '@rewards/shared/translate/api-errors';
import { useT } from '../../pages/messages';
import { useSendContactMessageMutation } from './contact-api';
import { CONTACT_FIELDS, type ContactErrors, type ContactField, validateContact } from './contact-validation';
import styles from './contact-form.module.css';

const EMPTY: ContactPayload = { name: '', email: '', subject: '', message: '' };
const LABELS = {
  name: 'contact.field.name',
  email: 'contact.field.email',
  subject: 'contact.field.subject',
  message: 'contact.field.message',
} as const satisfies Record<ContactField, string>;

/** A field's problem: found here (a message key) or said by the API (its code, worded at each render, and its own words). */
type FieldProblem = { key: NonNullable<ContactErrors[ContactField]> } | { refusal: FieldRefusal };
type FieldProblems = Partial<Record<ContactField, FieldProblem>>;

/** Spec §2 Contact form, posting to the API: checked here first, 'Message Sent!' once stored. */
export function ContactForm({ content }: { content: ContactContent }) {
  const [send, { isLoading }] = useSendContactMessageMutation();
  const [values, setValues] = useState(EMPTY);
  const t = useT();
  const errorText = useApiErrorText();
  const [errors, setErrors] = useState<FieldProblems>({});
  const [outcome, setOutcome] = useState<'sent' | { failure: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateContact(values);
    setErrors(Object.fromEntries(CONTACT_FIELDS.flatMap((field) => (found[field] ? [[field, { key: found[field] }]] : []))));
    setOutcome(null);
    if (Object.keys(found).length > 0) {
      document.getElementById(`contact-${CONTACT_FIELDS.find((field) => found[field])}`)?.focus();
      return;
    }
    try {
      await send({ name: values.name.trim(), email: values.email.trim(), subject: values.subject.trim(), message: values.message.trim() }).unwrap();
      setValues(EMPTY);
      setOutcome('sent');
    } catch (error) {
      const refused = isApiError(error) && error.status === 422 ? error : undefined;
      if (refused?.errors) {
        setErrors(
          Object.fromEntries(
            CONTACT_FIELDS.flatMap((field) => {
              const refusal = fieldRefusal(refused, field);
              return refusal ? [[field, { refusal }]] : [];
            }),
          ),
        );
      }
      const tooMany = isApiError(error) && error.status === 429 && errorText(error, content.failed);
      setOutcome({ failure: tooMany || content.failed });
    }
  }

  if (outcome === 'sent') {
    return (
      <div className={styles.sent} role="status">
        <span className={styles.check} aria-hidden="true">
          ✓
        </span>
        <h2 className={styles.sentTitle}>{content.sent}</h2>
        <p className={styles.sentText}>{content.sentText}</p>
        <button type="button" className={`outline-button ${styles.again}`} onClick={() => setOutcome(null)}>
          {t('contact.sendAnother')}
        </button>
      </div>
    );
  }

  const field = (name: ContactField, { multiline = false, wide = false }: { multiline?: boolean; wide?: boolean } = {}) => {
    const id = `contact-${name}`;
    const problem = errors[name];
    const error = problem && ('key' in problem ? t(problem.key) : errorText(problem.refusal, problem.refusal.message));
    const common = {
      id,
      name,
      className: 'text-field-input',
      value: values[name],
      required: true,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
    };
    return (
      <div className={wide ? `text-field ${styles.wide}` : 'text-field'}>
        <label htmlFor={id} className="text-field-label">
          {t(LABELS[name])}
        </label>
        {multiline ? (
          <textarea {...common} rows={6} maxLength={5000} />
        ) : (
          <input {...common} type={name === 'email' ? 'email' : 'text'} autoComplete={name === 'email' ? 'email' : name === 'name' ? 'name' : 'off'} maxLength={name === 'subject' ? 200 : 254} />
        )}
        {error ? (
          <p id={`${id}-error`} className={styles.error}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('contact.form.label')}>
      {field('name')}
      {field('email')}
      {field('subject', { wide: true })}
      {field('message', { multiline: true, wide: true })}
      {outcome ? (
        <p className={`${styles.failure} ${styles.wide}`} role="alert">
          {outcome.failure}
        </p>
      ) : null}
      <button type="submit" className={`pill-button ${styles.submit} ${styles.wide}`} disabled={isLoading}>
        {isLoading ? t('contact.sending') : t('contact.submit')}
      </button>
    </form>
  );
}
