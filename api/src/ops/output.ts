import type { CellValue, CommandOutput, OpsOutput } from './command';

/** Longest cell a table shows in full; --json has every value whole. */
const MAX_CELL_LENGTH = 60;

// Control characters (an escape sequence can rewrite the operator's terminal) and the bidirectional
// overrides that can make text read differently from what it is.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const UNSAFE_IN_CELL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function visible(character: string): string {
  if (character === '\n') return '\\n';
  if (character === '\t') return '\\t';
  const code = character.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

// What JSON.stringify leaves as it is but a terminal acts on: written as \uXXXX, the same JSON value.
const UNSAFE_IN_JSON = /[\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `value` as one line of JSON safe to write to a terminal (it parses to the same value). */
export function jsonLine(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE_IN_JSON, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Text safe to write to a terminal: control characters shown escaped (newlines kept). */
export function printable(text: string): string {
  return text.replace(UNSAFE, visible);
}

/** One cell on one line: every control character escaped, long values shortened. */
export function cellText(value: CellValue): string {
  const text = value === null || value === undefined ? '-' : String(value);
  const safe = text.replace(UNSAFE_IN_CELL, visible);
  return safe.length > MAX_CELL_LENGTH ? `${safe.slice(0, MAX_CELL_LENGTH - 1)}…` : safe;
}

export function tableLines(header: readonly string[], rows: ReadonlyArray<readonly CellValue[]>): string[] {
  const cells = rows.map((row) => header.map((_, column) => cellText(row[column])));
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => row[column]!.length)));
  const format = (row: readonly string[]) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  return [format(header), format(widths.map((width) => '-'.repeat(width))), ...cells.map(format)];
}

export function fieldLines(rows: ReadonlyArray<readonly [string, CellValue]>): string[] {
  const width = Math.max(0, ...rows.map(([label]) => label.length)) + 1;
  return rows.map(([label, value]) => `${`${label}:`.padEnd(width)} ${cellText(value)}`.trimEnd());
}

/** For people: lines, tables and fields, all made safe for a terminal. */
export function textOutput(sink: OpsOutput): CommandOutput {
  return {
    line: (text = '') => sink.line(printable(text)),
    table: (header, rows) => tableLines(header, rows).forEach((line) => sink.line(line)),
    fields: (rows) => fieldLines(rows).forEach((line) => sink.line(line)),
  };
}

/** For --json: the result is what counts; lines are kept as notes, tables and fields are its terminal view. */
export function jsonOutput(notes: string[]): CommandOutput {
  return {
    line: (text = '') => void (text === '' ? undefined : notes.push(text)),
    table: () => {},
    fields: () => {},
  };
}

/** Lines held until the command has finished (and its transaction committed), then written in order. */
export function bufferedSink(): OpsOutput & { flushTo(sink: OpsOutput): void } {
  const lines: string[] = [];
  return {
    line: (text = '') => void lines.push(text),
    flushTo(sink) {
      for (const line of lines.splice(0)) sink.line(line);
    },
  };
}

/**
 * The line under a list: how many `nouns` (`[one, many]`), `extra` (a total), and that --limit shows more
 * when the list stopped at it (`order`: which ones the list shows).
 */
export function countLine(count: number, limit: number, [one, many]: readonly [string, string], { order = 'newest', extra = '' } = {}): string {
  const more = count === limit ? ` (the ${order} ${limit}; --limit shows more)` : '';
  return `${count} ${count === 1 ? one : many}${extra}${more}`;
}
