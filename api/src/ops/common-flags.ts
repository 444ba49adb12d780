import { type ReasonRule, UsageError } from './command';

export const MAX_REASON_LENGTH = 500;
export const JSON_FLAG = '--json';
const REASON_FLAG = '--reason';
const NOT_PRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** The flags every command takes, and the command's own arguments without them. */
export type CommonFlags = { json: boolean; reason: string | undefined; args: string[] };

/**
 * Takes `--json` and `--reason <text>` out of a command's arguments. The reason runs to the next `--flag`
 * (or the end), so `--reason goodwill for ticket 12` needs no quotes; `--reason=<text>` works too.
 */
export function takeCommonFlags(argv: readonly string[]): CommonFlags {
  const args: string[] = [];
  let json = false;
  let reason: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === JSON_FLAG) {
      json = true;
      continue;
    }
    if (token !== REASON_FLAG && !token.startsWith(`${REASON_FLAG}=`)) {
      args.push(token);
      continue;
    }
    if (reason !== undefined) throw new UsageError('--reason is given twice');
    const words = token === REASON_FLAG ? [] : [token.slice(REASON_FLAG.length + 1)];
    while (token === REASON_FLAG && i + 1 < argv.length && !argv[i + 1]!.startsWith('--')) words.push(argv[++i]!);
    reason = checkReason(words.join(' ').trim());
  }
  return { json, reason, args };
}

/** After the command's own arguments were found right: is the reason there when needed, absent when not? */
export function checkReasonRule(command: { name: string; reason?: ReasonRule }, reason: string | undefined): void {
  if (command.reason === 'required' && reason === undefined) {
    throw new UsageError(`${command.name} needs --reason <text>: it is kept in the audit log`);
  }
  if (command.reason === 'none' && reason !== undefined) throw new UsageError(`${command.name} changes nothing and takes no --reason`);
}

/** A reason as the audit log keeps it: 1 to 500 printable characters. */
export function checkReason(reason: string): string {
  if (reason === '') throw new UsageError('--reason needs a text, like --reason goodwill for ticket 12');
  if (reason.length > MAX_REASON_LENGTH) throw new UsageError(`the reason may be at most ${MAX_REASON_LENGTH} characters`);
  if (NOT_PRINTABLE.test(reason)) throw new UsageError('the reason may contain printable characters only');
  return reason;
}
