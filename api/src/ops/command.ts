import type { Database } from '../db/database';
import type { StoredNotification } from '../modules/notifications/notify';

/** Where text goes, one line at a time: the CLI's stdout or stderr, or a buffer of the operator API. */
export type OpsOutput = { line(text?: string): void };

/** A value in a table cell or a `label: value` row. */
export type CellValue = string | number | boolean | null | undefined;

/**
 * What a command prints for people. With `--json` only the command's result is printed (and `line`s, kept as
 * notes): tables and fields are the terminal's view of that result.
 */
export type CommandOutput = OpsOutput & {
  /** Rows under a header, columns aligned, long cells shortened (the full values are in --json). */
  table(header: readonly string[], rows: ReadonlyArray<readonly CellValue[]>): void;
  /** `label: value` rows, values aligned. */
  fields(rows: ReadonlyArray<readonly [string, CellValue]>): void;
};

/** Who runs a command, and from where: it travels with the command when the server runs it. */
export type OpsInvocation = {
  /** OPS_OPERATOR, else the operating-system user. */
  operator: string;
  /** Where `pnpm ops` was run: relative paths in arguments are relative to it. */
  cwd: string;
};

/** The user an action concerns, for the audit log (`ops audit --user <email>`). */
export type AuditSubject = { id: number; email: string };

export type OpsContext = {
  /** Inside the command's own transaction: the audit row commits with the change, or neither does. */
  db: Database;
  out: CommandOutput;
  invocation: OpsInvocation;
  /** The `--reason` text (always set when the command requires one). */
  reason: string | undefined;
  /** Tells the running site's open pages of these users their new balance (wallet.updated), once committed. */
  tellWallets(userIds: readonly number[]): Promise<void>;
  /** Tells their users of notifications the command stored (live, and by email for the kinds that email), once committed. */
  notified(rows: readonly StoredNotification[]): void;
  /** Tells every running instance that the offers catalog changed (their cached Offers/Get answers), once committed. */
  catalogChanged(): void;
  /** Tells every running instance that the marketing content changed (the pages they serve), once committed. */
  contentChanged(): void;
  /** Names the user this action concerns, for the audit log. */
  concerns(user: AuditSubject): void;
};

/**
 * `--reason <text>`, which the command line handles for every command (commands read `context.reason`):
 * - `required`: money and account-status changes; refused without one. Audited on every run.
 * - `optional`: other changes (say, the catalog). Audited on every run.
 * - `none`: commands that only read; `--reason` is a usage error.
 * - unset: `--reason` is accepted.
 * Whatever the rule, a run that wrote to the database is audited (a new command cannot forget it).
 */
export type ReasonRule = 'required' | 'optional' | 'none';

/**
 * A command that shows personal data leaves a `read` row in the audit log (who read what) when it shows
 * something: `always`, or only `with-json` (where the terminal's view leaves the personal data out).
 */
export type ReadAudit = 'always' | 'with-json';

/** What the command line and the help know of a command. */
type CommandAbout = {
  name: string;
  usage: string;
  summary: string;
  /** false: the command talks to the running server over HTTP instead, and the database is not opened. */
  usesDatabase?: false;
  reason?: ReasonRule;
  auditsReads?: ReadAudit;
};

/**
 * One operator command as written: `parse` checks the arguments before anything is opened (a typo costs
 * nothing); `run` does the work and answers its result (what `--json` prints and the audit log keeps).
 * Throw UsageError for wrong arguments, OpsError for anything else to report.
 */
export type CommandDefinition<Args> = CommandAbout & {
  parse(args: readonly string[], invocation: OpsInvocation): Args;
  run(context: OpsContext, args: Args): Promise<unknown>;
};

/** A command in the table: `prepare` parses the arguments and gives back the work to run. */
export type OpsCommand = CommandAbout & {
  prepare(args: readonly string[], invocation: OpsInvocation): (context: OpsContext) => Promise<unknown>;
};

export function defineCommand<Args>({ parse, run, ...about }: CommandDefinition<Args>): OpsCommand {
  return {
    ...about,
    prepare(args, invocation) {
      const parsed = parse(args, invocation);
      return (context) => run(context, parsed);
    },
  };
}

/** Wrong arguments: the CLI prints the usage and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A clear failure (unknown user, database in use): the CLI prints it and exits 1. `details` go into --json. */
export class OpsError extends Error {
  override name = 'OpsError';
  constructor(
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}
