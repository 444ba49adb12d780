import { SCREENSHOT_TYPES, TICKET_LIMITS } from '@rewards/shared/contracts/ticket-types';
import { t as translate, type MessageKey } from '../../messages';
import { formatNumber } from '../../ui/formats';

/** The report form's fields, named as the API names them (its 422 answers come back under these). */
export const REPORT_FIELDS = ['offer_id', 'wall', 'offer_name', 'completed_at', 'details', 'screenshot'] as const;
export type ReportField = (typeof REPORT_FIELDS)[number];
/** What a person can fix before sending, by its message (the API's own words, translated). */
export type ReportProblem = Extract<MessageKey, `tickets.form.error.${string}`>;
export type ReportErrors = Partial<Record<ReportField, ReportProblem>>;

export type ReportValues = {
  /** A catalog offer the user started (from My Offers); null when they name a wall's offer. */
  offerId: string | null;
  wall: string;
  offerName: string;
  /** YYYY-MM-DD, as a date input gives it. */
  completedAt: string;
  details: string;
  screenshot: File | null;
};

const lengthOf = (text: string) => [...text.trim()].length;

/**
 * The checks a person can fix before sending, with the API's own words: the server checks them again (and the
 * screenshot's content, which only it reads). `today`: YYYY-MM-DD in the user's time zone.
 */
export function validateReport(values: ReportValues, today: string): ReportErrors {
  const errors: ReportErrors = {};
  if (values.offerId === null) {
    if (values.wall === '') errors.wall = 'tickets.form.error.wall';
    if (lengthOf(values.offerName) === 0 || lengthOf(values.offerName) > TICKET_LIMITS.offerNameMax) errors.offer_name = 'tickets.form.error.offerName';
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.completedAt) || values.completedAt > today) errors.completed_at = 'tickets.form.error.completedAt';
  const details = lengthOf(values.details);
  if (details < TICKET_LIMITS.detailsMin || details > TICKET_LIMITS.detailsMax) errors.details = 'tickets.form.error.details';
  const { screenshot } = values;
  if (screenshot && (screenshot.size > TICKET_LIMITS.screenshotBytes || !(SCREENSHOT_TYPES as readonly string[]).includes(screenshot.type))) {
    errors.screenshot = 'tickets.form.error.screenshot';
  }
  return errors;
}

/** The form's limits as the page's language writes numbers (`2,000`, `2.000`), for its messages. */
export function reportLimits(): Record<'min' | 'max' | 'nameMax', string> {
  return { min: formatNumber(TICKET_LIMITS.detailsMin), max: formatNumber(TICKET_LIMITS.detailsMax), nameMax: formatNumber(TICKET_LIMITS.offerNameMax) };
}

/** A problem's words in the page's language. */
export function problemText(problem: ReportProblem, t = translate): string {
  return t(problem, reportLimits());
}

/** What the form sends: the fields the API reads, the screenshot only when one was chosen. */
export function reportFormData(values: ReportValues): FormData {
  const form = new FormData();
  if (values.offerId !== null) form.append('offer_id', values.offerId);
  else {
    form.append('wall', values.wall);
    form.append('offer_name', values.offerName.trim());
  }
  form.append('completed_at', values.completedAt);
  form.append('details', values.details.trim());
  if (values.screenshot) form.append('screenshot', values.screenshot, values.screenshot.name);
  return form;
}

/** Today in the user's own time zone, as a date input writes it. */
export function localToday(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}
