import { SCREENSHOT_TYPES, TICKET_LIMITS, TICKET_MESSAGES } from '@rewards/shared/contracts/ticket-types';

/** The report form's fields, named as the API names them (its 422 answers come back under these). */
export const REPORT_FIELDS = ['offer_id', 'wall', 'offer_name', 'completed_at', 'details', 'screenshot'] as const;
export type ReportField = (typeof REPORT_FIELDS)[number];
export type ReportErrors = Partial<Record<ReportField, string>>;

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
    if (values.wall === '') errors.wall = TICKET_MESSAGES.unknownWall;
    if (lengthOf(values.offerName) === 0 || lengthOf(values.offerName) > TICKET_LIMITS.offerNameMax) errors.offer_name = TICKET_MESSAGES.offerName;
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.completedAt) || values.completedAt > today) errors.completed_at = TICKET_MESSAGES.completedAt;
  const details = lengthOf(values.details);
  if (details < TICKET_LIMITS.detailsMin || details > TICKET_LIMITS.detailsMax) errors.details = TICKET_MESSAGES.details;
  const { screenshot } = values;
  if (screenshot && (screenshot.size > TICKET_LIMITS.screenshotBytes || !(SCREENSHOT_TYPES as readonly string[]).includes(screenshot.type))) {
    errors.screenshot = TICKET_MESSAGES.screenshot;
  }
  return errors;
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
