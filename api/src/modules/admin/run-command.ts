import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ContentProblem } from '@rewards/shared/content/content-check';
import { ConflictError, ValidationError } from '../../domain-errors';
import type { OpsCommand } from '../../ops/command';
import { runCommand } from '../../ops/run-ops';
import type { Mailer } from '../account/mailer';
import { staffOf } from './gate';

export const COMMAND_REFUSED = 'command_refused';
export const INVALID_ARGUMENTS = 'invalid_arguments';
/** A content text its file's schema refuses: 422 with `problems` (file, line, column, message). */
export const CONTENT_REFUSED = 'content_refused';

/**
 * 422 for a content text its schema refuses: `problems` as the check gave them, and each as a line of
 * `errors.text` ("line 3, column 1: …") for a client that reads field errors only.
 */
export function contentRefused(message: string, problems: readonly ContentProblem[]): ValidationError {
  const lines = problems.map((problem) => `line ${problem.line}, column ${problem.column}: ${problem.message}`);
  return new ValidationError(message, { code: CONTENT_REFUSED, errors: { text: lines }, extra: { problems } });
}

/** The problems a content command refused a text for (its OpsError details), if that is why. */
function problemsOf(details: unknown): unknown[] | undefined {
  const problems = (details as { problems?: unknown } | undefined)?.problems;
  return Array.isArray(problems) ? problems : undefined;
}

/** Runs an ops command for the console's staff member: as `pnpm ops` would, their email the audit's operator. */
export type StaffCommandRunner = (request: FastifyRequest, command: OpsCommand, args: readonly (string | number)[], reason?: string) => Promise<unknown>;

/**
 * The same command code, transaction and audit row as `pnpm ops <command> <args> --reason <reason> --json`,
 * with the server's own database handle, realtime service and mailer (as the operator API runs them). The
 * command's refusals are 409 `command_refused` with its own message; arguments it refuses are 422.
 */
export function staffCommandRunner(
  app: FastifyInstance,
  { mailer, siteUrl, announceContent }: { mailer: Mailer; siteUrl: string | undefined; announceContent?: () => Promise<void> },
): StaffCommandRunner {
  return async (request, command, args, reason) => {
    const { user } = staffOf(request);
    const outcome = await runCommand(
      { command, args: args.map(String), reason, invocation: { operator: user.email, cwd: '/' } },
      {
        // The server's own handle: the command shares it, and it stays open afterwards.
        openDatabase: async () => ({ db: app.db, kind: app.databaseKind, close: async () => {} }),
        realtime: app.realtime,
        notificationChannels: { realtime: app.realtime, mailer, siteUrl },
        announceContent,
      },
    );
    if (outcome.ok) return outcome.result;
    if (outcome.kind === 'usage') throw new ValidationError(outcome.message, { code: INVALID_ARGUMENTS });
    const problems = problemsOf(outcome.details);
    if (outcome.kind === 'refused' && problems) throw contentRefused(outcome.message, problems as ContentProblem[]);
    if (outcome.kind === 'refused') throw new ConflictError(outcome.message, { code: COMMAND_REFUSED });
    request.log.error({ command: command.name, failure: outcome.message }, 'staff console command failed');
    throw new Error(`${command.name} failed`);
  };
}
