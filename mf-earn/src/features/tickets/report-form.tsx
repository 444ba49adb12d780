import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { apiFailureOf } from './api-failure';
import { PARTNER_WALLS } from '@rewards/shared/contracts/partner-walls';
import { TICKET_LIMITS } from '@rewards/shared/contracts/ticket-types';
import { useOpenTicketMutation } from './tickets-api';
import { localToday, REPORT_FIELDS, type ReportErrors, type ReportField, reportFormData, type ReportValues, validateReport } from './report-validation';
import styles from './tickets.module.css';

type Props = {
  /** A catalog offer the user started, reported from My Offers; absent: the user names a partner wall's offer. */
  offer?: { id: string; name: string };
  onOpened: (id: number) => void;
  /** Leaves the catalog offer for the partner-wall form. */
  onReportOther?: () => void;
};

const FAILED = 'The report could not be sent. Please try again.';

/**
 * "Report missing credit" for a started offer, or "Report a missing offer" naming a partner wall and the offer.
 * Checked here first with the API's own words; the API's refusals show under their fields and above the button.
 * Mount it with a `key` of the offer: the offer is read once.
 */
export function ReportForm({ offer, onOpened, onReportOther }: Props) {
  const [openTicket, { isLoading }] = useOpenTicketMutation();
  const [values, setValues] = useState<ReportValues>({ offerId: offer?.id ?? null, wall: '', offerName: '', completedAt: '', details: '', screenshot: null });
  const [errors, setErrors] = useState<ReportErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const idPrefix = useId();
  const idOf = (field: ReportField) => `${idPrefix}-${field}`;
  const today = localToday();

  const focusFirst = (found: ReportErrors) => {
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
      const fieldErrors = apiFailureOf(error)?.status === 422 ? apiFailureOf(error)?.errors : undefined;
      const shown: ReportErrors = {};
      for (const field of REPORT_FIELDS) if (fieldErrors?.[field]?.[0]) shown[field] = fieldErrors[field][0];
      setErrors(shown);
      // A refusal about the offer itself (too early, credited, open already) reads best above the button.
      setFailure(apiFailureOf(error)?.message || FAILED);
      focusFirst(shown);
    }
  }

  const set = <K extends keyof ReportValues>(key: K, value: ReportValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  const field = (name: ReportField, label: string, control: (common: Record<string, unknown>) => ReactNode, hint?: string) => {
    const id = idOf(name);
    const error = errors[name];
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
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-label={offer ? 'Report missing credit' : 'Report a missing offer'}>
      {offer ? (
        <div className={styles.reportedOffer}>
          <span className={styles.label}>Offer</span>
          <strong>{offer.name}</strong>
          {onReportOther ? (
            <button type="button" className={styles.textButton} onClick={onReportOther}>
              Report a partner wall&apos;s offer instead
            </button>
          ) : null}
        </div>
      ) : (
        <>
          {field('wall', 'Partner wall', (common) => (
            <select {...common} value={values.wall} onChange={(event) => set('wall', event.target.value)}>
              <option value="">Choose the wall</option>
              {PARTNER_WALLS.map((wall) => (
                <option key={wall.slug} value={wall.slug}>
                  {wall.name}
                </option>
              ))}
            </select>
          ))}
          {field('offer_name', 'Offer name', (common) => (
            <input {...common} type="text" autoComplete="off" maxLength={TICKET_LIMITS.offerNameMax} value={values.offerName} onChange={(event) => set('offerName', event.target.value)} />
          ), 'As the wall shows it.')}
        </>
      )}
      {field('completed_at', 'Date you completed it', (common) => (
        <input {...common} type="date" max={today} value={values.completedAt} onChange={(event) => set('completedAt', event.target.value)} />
      ))}
      {field(
        'details',
        'What happened?',
        (common) => (
          <textarea {...common} rows={5} maxLength={TICKET_LIMITS.detailsMax} value={values.details} onChange={(event) => set('details', event.target.value)} />
        ),
        `What you did and what you expected, ${TICKET_LIMITS.detailsMin} to ${TICKET_LIMITS.detailsMax.toLocaleString('en-US')} characters (${[...values.details.trim()].length} so far).`,
      )}
      {field(
        'screenshot',
        'Screenshot (optional)',
        (common) => (
          <input {...common} type="file" accept="image/png,image/jpeg,image/webp" onChange={(event) => set('screenshot', event.target.files?.[0] ?? null)} />
        ),
        'A PNG, JPEG or WebP image of at most 2 MB, e.g. the offer completed in the game.',
      )}
      {failure ? (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      ) : null}
      <button type="submit" className={`pill-button ${styles.submit}`} disabled={isLoading}>
        {isLoading ? 'Sending...' : 'Send report'}
      </button>
    </form>
  );
}
