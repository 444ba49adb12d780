/** A plain number (an amount like "-1.50"): never read as a formula, so it keeps its sign. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** What a spreadsheet may start a formula with (OWASP "CSV injection"): such a cell gets a leading quote. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell of RFC 4180 CSV: quoted when it holds a comma, a quote or a line break (quotes doubled), and
 * text a spreadsheet would run as a formula made inert with a leading `'`. Null is an empty cell.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record, ended by CRLF as RFC 4180 writes it. */
export function csvLine(values: ReadonlyArray<string | number | null>): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
