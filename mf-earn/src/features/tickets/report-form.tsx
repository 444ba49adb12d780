import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { apiFailureOf } from './api-failure';
import type { ApiError } from '@rewards/shared/contracts/api-error';
import { PARTNER_WALLS } from '@rewards/shared/contracts/partner-walls';
import { TICKET_LIMITS } from '@rewards/shared/contracts/ticket-types';
import { fieldRefusal, useApiErrorText } from '@rewards/shared/translate/api-errors';
import { useT } from '../../messages';
import { formatNumber } from '../../ui/formats';
import { useOpenTicketMutation } from './tickets-api';
import {
  localToday,
  problemText,
  REPORT_FIELDS,
  type ReportErrors,
  type ReportField,
  reportFormData,
  reportLimits,
  type ReportValues,
  validateReport,
} from './report-validation';
import styles from './tickets.module.css';

type Props = {
  /** A catalog offer the user started, reported from My Offers; absent: the user names a partner wall's offer. */
  offer?: { id: string; name: string };
  onOpened: (id: number) => void;
  /** Leaves the catalog offer for the partner-wall form. */
  onReportOther?: () => void;
};

/**
 * "Report missing credit" for a started offer, or "Report a missing offer" naming a partner wall and the offer.
 * Checked here first with the API's own words; the API's refusals show under their fields and above the button.
 * Mount it with a `key` of the offer: the offer is read once.
 */
export function ReportForm({ offer, onOpened, onReportOther }: Props) {
  const t = useT();
  const errorText = useApiErrorText();
  const [openTicket, { isLoading }] = useOpenTicketMutation();
  const [values, setValues] = useState<ReportValues>({ offerId: offer?.id ?? null, wall: '', offerName: '', completedAt: '', details: '', screenshot: null });
  const [errors, setErrors] = useState<ReportErrors>({});
  // The API's refusal, worded at each render (the page's language may change while it shows).
  const [failure, setFailure] = useState<{ refusal: ApiError | undefined } | null>(null);
  const refused = failure?.refusal?.status === 422 ? failure.refusal : undefined;
  const errorOf = (field: ReportField): string | undefined => {
    const problem = errors[field];
    if (problem) return problemText(problem, t);
    // The API's field error by its code, in the page's language; its English message when the code has no words.
    const fieldProblem = fieldRefusal(refused, field);
    return fieldProblem ? errorText(fieldProblem, fieldProblem.message) : undefined;
  };
  const formRef = useRef<HTMLFormElement>(null);
  const idPrefix = useId();
  const idOf = (field: ReportField) => `${idPrefix}-${field}`;
  const today = localToday();

  const focusFirst = (found: Partial<Record<ReportField, unknown>>) => {
    const first = REPORT_FIELDS.find((field) => found[field]);
    if (first) formRef.current?.ownerDocument.getElementById(idOf(first))?.focus();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = validateReport(values, today);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    try {
      const opened = await openTicket(reportFormData(values)).unwrap();
      onOpened(opened.id);
    } catch (error) {
      const refusal = apiFailureOf(error);
      // Its field errors show under their fields; a refusal about the offer itself (too early, credited, open
      // already) reads best above the button.
      setErrors({});
      setFailure({ refusal });
      focusFirst(refusal?.status === 422 ? Object.fromEntries(REPORT_FIELDS.map((field) => [field, refusal.errors?.[field]?.[0]])) : {});
    }
  }

  const set = <K extends keyof ReportValues>(key: K, value: ReportValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  const field = (name: ReportField, label: string, control: (common: Record<string, unknown>) => ReactNode, hint?: string) => {
    const id = idOf(name);
    const error = errorOf(name);
    const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {control({ id, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': described, className: error ? `${styles.input} ${styles.invalid}` : styles.input })}
        {hint ? (
          <p id={`${id}-hint`} className={styles.hint}>
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className={styles.error}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-label={offer ? t('tickets.report.credit') : t('tickets.report.wall')}>
      {offer ? (
        <div className={styles.reportedOffer}>
          <span className={styles.label}>{t('tickets.form.offer')}</span>
          <strong>{offer.name}</strong>
          {onReportOther ? (
            <button type="button" className={styles.textButton} onClick={onReportOther}>
              {t('tickets.form.reportOther')}
            </button>
          ) : null}
        </div>
      ) : (
        <>
          {field('wall', t('tickets.form.wall'), (common) => (
            <select {...common} value={values.wall} onChange={(event) => set('wall', event.target.value)}>
              <option value="">{t('tickets.form.chooseWall')}</option>
              {PARTNER_WALLS.map((wall) => (
                <option key={wall.slug} value={wall.slug}>
                  {wall.name}
                </option>
              ))}
            </select>
          ))}
          {field('offer_name', t('tickets.form.offerName'), (common) => (
            <input {...common} type="text" autoComplete="off" maxLength={TICKET_LIMITS.offerNameMax} value={values.offerName} onChange={(event) => set('offerName', event.target.value)} />
          ), t('tickets.form.offerNameHint'))}
        </>
      )}
      {field('completed_at', t('tickets.form.completedAt'), (common) => (
        <input {...common} type="date" max={today} value={values.completedAt} onChange={(event) => set('completedAt', event.target.value)} />
      ))}
      {field(
        'details',
        t('tickets.form.details'),
        (common) => (
          <textarea {...common} rows={5} maxLength={TICKET_LIMITS.detailsMax} value={values.details} onChange={(event) => set('details', event.target.value)} />
        ),
        t('tickets.form.detailsHint', { ...reportLimits(), count: formatNumber([...values.details.trim()].length) }),
      )}
      {field(
        'screenshot',
        t('tickets.form.screenshot'),
        (common) => (
          <input {...common} type="file" accept="image/png,image/jpeg,image/webp" onChange={(event) => set('screenshot', event.target.files?.[0] ?? null)} />
        ),
        t('tickets.form.screenshotHint'),
      )}
      {failure ? (
        <p className={styles.failure} role="alert">
          {errorText(failure.refusal, t('tickets.form.failed'))}
        </p>
      ) : null}
      <button type="submit" className={`pill-button ${styles.submit}`} disabled={isLoading}>
        {isLoading ? t('tickets.form.sending') : t('tickets.form.send')}
      </button>
    </form>
  );
}
