import { userInfo } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/database';
import { DatabaseInUseError } from '../db/database';
import type { RealtimePublisher } from '../modules/realtime/publisher';
import { contentChanged as contentCommitted } from '../modules/content/published-state';
import { catalogImported } from '../modules/earn/catalog-cache';
import { deliverNotifications, type NotificationMailer, type NotificationPublisher } from '../modules/notifications/delivery';
import type { StoredNotification } from '../modules/notifications/notify';
import { publishWallets } from '../modules/realtime/wallet-announcer';
import { appendAudit, type AuditEntry } from './audit';
import { type AuditSubject, type CommandOutput, type OpsCommand, type OpsContext, OpsError, type OpsInvocation, type OpsOutput, UsageError } from './command';
import { checkReason, checkReasonRule, JSON_FLAG, takeCommonFlags } from './common-flags';
import { bufferedSink, jsonLine, jsonOutput, printable, textOutput } from './output';

export type RunOpsOptions = {
  commands: readonly OpsCommand[];
  openDatabase(): Promise<DatabaseHandle>;
  out: OpsOutput;
  err: OpsOutput;
  /** Where balance changes are published (the running site's realtime service); none: nobody is told. */
  realtime?: Pick<RealtimePublisher, 'publishWallet'>;
  /**
   * Where the notifications a command stores go once committed: the running site's realtime service (none:
   * nobody's pages are told) and the mailer (none: no email). Unset: neither.
   */
  notificationChannels?: NotificationChannels;
  /** Tells other instances that the offers catalog changed (Redis, see catalogAnnouncer); none: they notice within a second. */
  announceCatalog?: () => Promise<void>;
  /** Tells other instances that the marketing content changed (Redis, see contentAnnouncer); none: they notice within a second. */
  announceContent?: () => Promise<void>;
  /** Who runs the command and from where; defaults to this process (OPS_OPERATOR or the OS user, INIT_CWD). */
  invocation?: OpsInvocation;
  /** The operator API: commands that do not use the database run in the operator's command line, not here. */
  databaseCommandsOnly?: boolean;
};

export type NotificationChannels = { realtime?: NotificationPublisher; mailer?: NotificationMailer; siteUrl?: string };

export const PROGRAM = 'pnpm ops';
const MAX_USAGE_COLUMN = 72;

/** OPS_OPERATOR, else the operating-system user; the directory pnpm was run from. */
export function localInvocation(env: NodeJS.ProcessEnv = process.env): OpsInvocation {
  let osUser: string | undefined;
  try {
    osUser = userInfo().username;
  } catch {
    // No passwd entry (some containers): fall back to the environment.
  }
  const operator = env.OPS_OPERATOR?.trim() || osUser || env.USER || env.USERNAME || 'unknown';
  return { operator, cwd: env.INIT_CWD || process.cwd() };
}

/** What a command line asks for, checked before anything is opened. */
export type OpsPlan =
  | { kind: 'help'; code: 0 | 2 }
  | { kind: 'unknown'; name: string }
  | { kind: 'usage'; command: OpsCommand; message: string; json: boolean }
  | {
      kind: 'ready';
      command: OpsCommand;
      /** The command's own arguments, without --json and --reason: what the audit log keeps. */
      args: string[];
      reason: string | undefined;
      json: boolean;
      work: (context: OpsContext) => Promise<unknown>;
    };

export function planOps(argv: readonly string[], commands: readonly OpsCommand[], invocation: OpsInvocation): OpsPlan {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') return { kind: 'help', code: name ? 0 : 2 };
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) return { kind: 'unknown', name };
  try {
    const { json, reason, args } = takeCommonFlags(rest);
    const work = command.prepare(args, invocation);
    checkReasonRule(command, reason);
    return { kind: 'ready', command, args, reason, json, work };
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return { kind: 'usage', command, message: error.message, json: rest.includes(JSON_FLAG) };
  }
}

export function printHelp(commands: readonly OpsCommand[], to: OpsOutput) {
  to.line(`Usage: ${PROGRAM} <command> [arguments] [--json]`);
  to.line('');
  to.line('Commands:');
  // A very long usage (postback:simulate) gets its summary on the next line rather than pushing every row right.
  const width = Math.max(...commands.map((command) => command.usage.length).filter((length) => length <= MAX_USAGE_COLUMN)) + 2;
  for (const command of commands) {
    if (command.usage.length + 2 > width) {
      to.line(`  ${command.usage}`);
      to.line(`  ${''.padEnd(width)}${command.summary}`);
    } else {
      to.line(`  ${command.usage.padEnd(width)}${command.summary}`);
    }
  }
  to.line('');
  to.line('--json prints the result as one JSON document. Changes, and reads of personal data, are written to');
  to.line('the audit log (ops audit), with --reason <text>, required for money and account-status changes.');
  to.line('While the site runs, commands run inside it (its operator API); otherwise on the database itself');
  to.line("(DATABASE_URL, else PGlite in DATA_DIR). Exit codes: 0 done, 1 failed, 2 wrong usage.");
}

/** Runs one command line; answers the exit code (0 done, 1 failed, 2 wrong usage). Never throws. */
export async function runOps(argv: readonly string[], options: RunOpsOptions): Promise<number> {
  const invocation = options.invocation ?? localInvocation();
  let plan: OpsPlan;
  try {
    plan = planOps(argv, options.commands, invocation);
  } catch (error) {
    options.err.line(`ops failed: ${describe(error, true)}`);
    return 1;
  }
  if (plan.kind === 'help') {
    printHelp(options.commands, plan.code === 0 ? options.out : options.err);
    return plan.code;
  }
  if (plan.kind === 'unknown') {
    options.err.line(`Unknown command "${printable(plan.name)}".`);
    printHelp(options.commands, options.err);
    return 2;
  }
  if (plan.kind === 'ready' && options.databaseCommandsOnly && plan.command.usesDatabase === false) {
    plan = { kind: 'usage', command: plan.command, message: `${plan.command.name} runs in the operator's command line, not in the server`, json: plan.json };
  }
  if (plan.kind === 'usage') {
    if (plan.json) options.out.line(jsonLine({ ok: false, error: plan.message, usage: `${PROGRAM} ${plan.command.usage}` }));
    else options.err.line(printable(`${plan.message}\nUsage: ${PROGRAM} ${plan.command.usage}`));
    return 2;
  }
  return execute(plan, invocation, options);
}

type ReadyPlan = Extract<OpsPlan, { kind: 'ready' }>;

/** Whether this run shows personal data, so that it is audited as a read (see ReadAudit). */
function auditsRead(plan: ReadyPlan): boolean {
  return plan.command.auditsReads === 'always' || (plan.command.auditsReads === 'with-json' && plan.json);
}

async function execute(plan: ReadyPlan, invocation: OpsInvocation, options: RunOpsOptions): Promise<number> {
  const notes: string[] = [];
  const text = bufferedSink();
  const out = plan.json ? jsonOutput(notes) : textOutput(text);
  const outcome = await runReady(plan, invocation, options, out);
  if (outcome.ok) {
    if (plan.json) options.out.line(jsonLine({ ok: true, result: outcome.result ?? null, notes }));
    else text.flushTo(options.out);
    return 0;
  }
  const { error } = outcome;
  const expected = isExpectedFailure(error);
  const message = describe(error, !expected);
  // What a failed read printed may be personal data whose read was not recorded: it is not shown.
  const shown = auditsRead(plan) ? [] : notes;
  if (plan.json) {
    const details = error instanceof OpsError && error.details !== undefined ? { details: jsonValue(error.details) } : {};
    options.out.line(jsonLine({ ok: false, error: message, ...details, notes: shown }));
  } else {
    if (!auditsRead(plan)) text.flushTo(options.out);
    options.err.line(printable(expected ? message : `ops failed: ${message}`));
  }
  return 1;
}

/** A failure to report in a line (an operator's mistake, a database in use), not a bug with a stack trace. */
function isExpectedFailure(error: unknown): boolean {
  return error instanceof OpsError || error instanceof DatabaseInUseError;
}

/** Runs a ready command (audited, in its transaction) and tells what it changed; never throws. */
async function runReady(
  plan: ReadyPlan,
  invocation: OpsInvocation,
  options: RunOpsOptions,
  out: CommandOutput,
): Promise<{ ok: true; result: unknown } | { ok: false; error: unknown }> {
  const walletsToTell = new Set<number>();
  const notifications: StoredNotification[] = [];
  let catalogChanged = false;
  let contentChanged = false;
  let subject: AuditSubject | undefined;
  const contextOn = (db: Database): OpsContext => ({
    db,
    out,
    invocation,
    reason: plan.reason,
    tellWallets: async (userIds) => userIds.forEach((id) => walletsToTell.add(id)),
    notified: (rows) => void notifications.push(...rows),
    catalogChanged: () => {
      catalogChanged = true;
    },
    contentChanged: () => {
      contentChanged = true;
    },
    concerns: (user) => {
      subject = user;
    },
  });
  const audit = (outcome: AuditEntry['outcome'], result: unknown): AuditEntry => ({
    operator: invocation.operator,
    command: plan.command.name,
    arguments: plan.args,
    reason: plan.reason,
    user: subject,
    outcome,
    result,
  });

  let handle: DatabaseHandle | undefined;
  try {
    let result: unknown;
    if (plan.command.usesDatabase === false) {
      result = await plan.work(contextOn(noDatabase(plan.command.name)));
    } else {
      handle = await options.openDatabase();
      result = await runAudited(handle.db, plan, contextOn, audit, out);
      if (walletsToTell.size > 0) await tellWallets(handle.db, options.realtime, out, [...walletsToTell]);
      if (notifications.length > 0) await tellNotifications(handle.db, options.notificationChannels, out, notifications);
      if (catalogChanged) await announceCatalog(handle.db, options.announceCatalog, out);
      if (contentChanged) await announceContent(handle.db, options.announceContent, out);
    }
    return { ok: true, result };
  } catch (error) {
    return { ok: false, error };
  } finally {
    await handle?.close().catch(() => {});
  }
}

/** What one command run in-process answers (the staff console): its `--json` result, or why it did not run. */
export type CommandOutcome =
  | { ok: true; result: unknown; notes: string[] }
  /** usage: the arguments or the reason were refused before anything ran; refused: the command said no (OpsError); failed: a bug. */
  | { ok: false; kind: 'usage' | 'refused' | 'failed'; message: string; details?: unknown };

/**
 * Runs one command with arguments given one by one (no flags parsed out of them: a text that looks like
 * `--json` or `--reason` stays text), exactly as `pnpm ops <name> <args...> --reason <reason> --json` runs
 * it: same parse, same transaction, same audit row with `invocation.operator`, same notifications.
 */
export async function runCommand(
  request: { command: OpsCommand; args: readonly string[]; reason: string | undefined; invocation: OpsInvocation },
  options: Omit<RunOpsOptions, 'commands' | 'out' | 'err' | 'invocation'>,
): Promise<CommandOutcome> {
  const { command, args, reason, invocation } = request;
  let plan: ReadyPlan;
  try {
    const checkedReason = reason === undefined ? undefined : checkReason(reason);
    const work = command.prepare(args, invocation);
    checkReasonRule(command, checkedReason);
    plan = { kind: 'ready', command, args: [...args], reason: checkedReason, json: true, work };
  } catch (error) {
    if (error instanceof UsageError) return { ok: false, kind: 'usage', message: error.message };
    return { ok: false, kind: 'failed', message: describe(error, false) };
  }
  const notes: string[] = [];
  const outcome = await runReady(plan, invocation, { ...options, commands: [command], out: silent, err: silent }, jsonOutput(notes));
  if (outcome.ok) return { ok: true, result: jsonValue(outcome.result), notes };
  const { error } = outcome;
  if (!isExpectedFailure(error)) return { ok: false, kind: 'failed', message: describe(error, true) };
  const details = error instanceof OpsError && error.details !== undefined ? { details: jsonValue(error.details) } : {};
  return { ok: false, kind: 'refused', message: describe(error, false), ...details };
}

const silent: OpsOutput = { line() {} };

/**
 * Runs the command in a transaction of its own and writes its audit row in that transaction: the change and
 * its record commit together. A failed run is recorded after the rollback. Commands that declare a reason
 * rule other than 'none' are audited on every run; any other run that wrote something is audited too.
 */
async function runAudited(
  db: Database,
  plan: ReadyPlan,
  contextOn: (db: Database) => OpsContext,
  audit: (outcome: AuditEntry['outcome'], result: unknown) => AuditEntry,
  out: OpsContext['out'],
): Promise<unknown> {
  const declared = plan.command.reason === 'required' || plan.command.reason === 'optional';
  const reads = auditsRead(plan);
  let wrote = false;
  try {
    return await db.transaction(async (tx) => {
      let result: unknown;
      try {
        result = jsonValue(await plan.work(contextOn(tx)));
      } catch (error) {
        // After a failed statement the transaction only answers errors: count it as written.
        wrote = await wroteIn(tx).catch(() => true);
        throw error;
      }
      wrote = await wroteIn(tx);
      if (declared || wrote) await appendAudit(tx, audit('done', result));
      // Before anything is shown: a read that cannot be recorded fails and shows nothing.
      else if (reads) await appendAudit(tx, { ...audit('done', readSummary(result)), kind: 'read' });
      return result;
    });
  } catch (error) {
    if (declared || wrote) {
      await appendAudit(db, audit('failed', { error: describe(error, false) })).catch((auditError: unknown) => {
        out.line(`(This failure could not be written to the audit log: ${describe(auditError, false)})`);
      });
    }
    throw error;
  }
}

/** What a read row keeps of what was shown: which records (their ids), never their content. */
function readSummary(result: unknown): unknown {
  const idOf = (value: unknown) => (typeof value === 'object' && value !== null && 'id' in value ? (value as { id: unknown }).id : undefined);
  if (Array.isArray(result)) return { rows: result.length, ids: result.map(idOf).filter((id) => id !== undefined) };
  const id = idOf(result);
  return id === undefined ? {} : { id };
}

/** Whether the transaction has written anything (PostgreSQL gives it a transaction id only then). */
async function wroteIn(tx: Database): Promise<boolean> {
  const { rows } = (await tx.execute(sql`select txid_current_if_assigned() is not null as wrote`)) as unknown as { rows: Array<{ wrote: boolean }> };
  return rows[0]?.wrote === true;
}

/** JSON as it will be printed and stored: dates as ISO strings, undefined dropped. */
function jsonValue(value: unknown): unknown {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
}

/** What a command that does not use the database gets instead: any use is a bug, said plainly. */
function noDatabase(name: string): Database {
  return new Proxy({} as Database, {
    get() {
      throw new Error(`${name} does not open the database`);
    },
  });
}

function describe(error: unknown, withStack: boolean): string {
  if (!(error instanceof Error)) return String(error);
  return withStack ? (error.stack ?? error.message) : error.message;
}

/** The money already moved: a site that cannot be told only means its pages show it on their next load. */
async function tellWallets(db: Database, realtime: RunOpsOptions['realtime'], out: OpsOutput, userIds: readonly number[]): Promise<void> {
  if (!realtime) return;
  try {
    await publishWallets({ db, realtime }, userIds);
  } catch (error) {
    out.line(`(The running site could not be told: ${failureOf(error)}. Open pages show the new balance on their next load.)`);
  }
}

/** The change is committed with its notifications: what cannot be pushed or mailed now stays in the user's list. */
async function tellNotifications(db: Database, channels: NotificationChannels | undefined, out: OpsOutput, rows: readonly StoredNotification[]): Promise<void> {
  await deliverNotifications({ db, ...channels, onProblem: (message, error) => out.line(`(${message}: ${failureOf(error)}. The user sees it in their notifications.)`) }, rows);
}

/** The import is committed: this process's cached catalogs (the server's, when it runs the command) and the other instances'. */
async function announceCatalog(db: Database, announce: RunOpsOptions['announceCatalog'], out: OpsOutput): Promise<void> {
  catalogImported(db);
  try {
    await announce?.();
  } catch (error) {
    out.line(`(The other instances could not be told through Redis: ${failureOf(error)}. They show the new catalog within a second.)`);
  }
}

/** The publish is committed: this process's published content (the server's, when it runs the command) and the other instances'. */
async function announceContent(db: Database, announce: RunOpsOptions['announceContent'], out: OpsOutput): Promise<void> {
  contentCommitted(db);
  try {
    await announce?.();
  } catch (error) {
    out.line(`(The other instances could not be told through Redis: ${failureOf(error)}. They show the new content within a second.)`);
  }
}

/** The pusher SDK's RequestError says only "Request failed with an error"; the cause (or the status) says why. */
function failureOf(error: unknown): string {
  const { error: cause, status, url } = (error ?? {}) as { error?: unknown; status?: number; url?: string };
  const where = url ? ` at ${new URL(url).host}` : '';
  if (cause instanceof Error) return `${(cause as Error & { code?: string }).code ?? cause.name}${where}`;
  if (status !== undefined) return `the realtime service answered ${status}${where}`;
  return error instanceof Error ? error.message : String(error);
}
