// Made on first use, not when the module loads: creating an Intl formatter is costly (ICU start-up).
let dateFormat: Intl.DateTimeFormat | undefined;

/** `Mar 5, 2025` from an ISO date; the text as given when it is not a date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : (dateFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })).format(date);
}
