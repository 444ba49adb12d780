// `pnpm ops`: a command runs in the running server (its operator API) when one serves this database, else here
// on the database itself. Either way it is the same runOps and the same command code.
import { request } from 'node:http';
import type { Config } from '../config';
import { DatabaseInUseError, lockFolder, openDatabase, pgliteFolder } from '../db/database';
import { contentAnnouncer } from '../modules/content/content-events';
import { catalogAnnouncer } from '../modules/earn/catalog-events';
import type { RealtimePublisher } from '../modules/realtime/publisher';
import type { OpsCommand, OpsInvocation, OpsOutput } from './command';
import { checkSocketOwner, clientToken, databaseTarget, OPERATOR_RUN_PATH, type OperatorRunAnswer, type OperatorRunRequest, UntrustedSocketError } from './operator-endpoint';
import { type NotificationChannels, planOps, runOps } from './run-ops';
import { jsonLine } from './output';

/** How long a command waits for a database held by another process (a server starting, another command). */
export const DATABASE_WAIT_MS = 30_000;
const ANSWER_TIMEOUT_MS = 120_000;

export type CommandLineOptions = {
  config: Config;
  commands: readonly OpsCommand[];
  invocation: OpsInvocation;
  out: OpsOutput;
  err: OpsOutput;
  /** Publishes balance changes when the command runs here on PostgreSQL (a server elsewhere may show them). */
  realtime?: Pick<RealtimePublisher, 'publishWallet' | 'publishNotification'>;
  /** Sends the notification emails of a command run here (SMTP, or the terminal in development). */
  mailer?: NotificationChannels['mailer'];
  waitMs?: number;
};

type ServerReply =
  | { kind: 'ran'; answer: OperatorRunAnswer }
  | { kind: 'no-server' }
  | { kind: 'other-database'; message: string }
  | { kind: 'refused'; message: string };

export async function runCommandLine(argv: readonly string[], options: CommandLineOptions): Promise<number> {
  const { config, commands, invocation, out, err } = options;
  const here = { commands, out, err, invocation };
  const siteUrl = config.publicUrl;
  // A command run here tells pages through the realtime service a server elsewhere may share, and mails.
  const everyone: NotificationChannels = { realtime: options.realtime, mailer: options.mailer, siteUrl };
  const plan = (() => {
    try {
      return planOps(argv, commands, invocation);
    } catch {
      return undefined;
    }
  })();
  // Help, wrong usage and commands that need no database never leave this process.
  if (plan?.kind !== 'ready' || plan.command.usesDatabase === false) {
    return runOps(argv, { ...here, openDatabase: () => openDatabase(config), realtime: options.realtime, notificationChannels: everyone, announceCatalog: catalogAnnouncer(config), announceContent: contentAnnouncer(config) });
  }

  // Failures of the command line itself, in the form the operator asked for.
  const fail = (message: string) => {
    if (plan.json) out.line(jsonLine({ ok: false, error: message, notes: [] }));
    else err.line(message);
    return 1;
  };
  const deadline = Date.now() + (options.waitMs ?? DATABASE_WAIT_MS);
  let toldWaiting = false;
  for (;;) {
    const reply = await askServer(config, invocation, argv);
    if (reply.kind === 'ran') {
      reply.answer.stdout.forEach((line) => out.line(line));
      reply.answer.stderr.forEach((line) => err.line(line));
      return reply.answer.exit_code;
    }
    if (reply.kind === 'refused') return fail(reply.message);
    if (config.databaseUrl) {
      // PostgreSQL takes any number of clients: no server here (or one on another database), so open it.
      return runOps(argv, { ...here, openDatabase: () => openDatabase(config), realtime: options.realtime, notificationChannels: everyone, announceCatalog: catalogAnnouncer(config), announceContent: contentAnnouncer(config) });
    }
    if (reply.kind === 'other-database') return fail(reply.message);
    let unlock: () => Promise<void>;
    try {
      unlock = await lockFolder(pgliteFolder(config.dataDir));
    } catch (error) {
      if (!(error instanceof DatabaseInUseError)) throw error;
      // The first refusal always says that it waits: on a busy machine the first try alone can pass the deadline.
      if (toldWaiting && Date.now() >= deadline) {
        return fail(
          `${error.message}\nNo server answered on ${config.opsSocket} for ${Math.round((options.waitMs ?? DATABASE_WAIT_MS) / 1000)} s. ` +
            'If that process is the server: it serves the operator API there once started (in production only with OPS_TOKEN set).',
        );
      }
      if (!toldWaiting) err.line(`Waiting: process ${error.pid} holds the database (a server starting, or another ops command)…`);
      toldWaiting = true;
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    try {
      // This process holds the folder, so no server runs on it: nobody has a page to tell.
      return await runOps(argv, {
        ...here,
        openDatabase: () => openDatabase(config),
        notificationChannels: { mailer: options.mailer, siteUrl },
        announceCatalog: catalogAnnouncer(config),
        announceContent: contentAnnouncer(config),
      });
    } finally {
      await unlock();
    }
  }
}

async function askServer(config: Config, invocation: OpsInvocation, argv: readonly string[]): Promise<ServerReply> {
  try {
    await checkSocketOwner(config.opsSocket);
  } catch (error) {
    if (error instanceof UntrustedSocketError) return { kind: 'refused', message: error.message };
    return { kind: 'refused', message: `Cannot check the operator socket ${config.opsSocket}: ${(error as Error).message}` };
  }
  const token = await clientToken(config);
  const body: OperatorRunRequest = { argv: [...argv], operator: invocation.operator, cwd: invocation.cwd, database: databaseTarget(config) };
  let answer: { status: number; body: unknown };
  try {
    answer = await postJson(config.opsSocket, token, body);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // No socket, or one left by a server that is gone.
    if (code === 'ENOENT' || code === 'ECONNREFUSED') return { kind: 'no-server' };
    if (code === 'ETIMEDOUT') {
      return { kind: 'refused', message: `The server on ${config.opsSocket} did not answer within ${ANSWER_TIMEOUT_MS / 1000} s: the command may still be running (see ops audit).` };
    }
    if (code === 'ECONNRESET' || code === 'EPIPE') {
      return { kind: 'refused', message: `The server on ${config.opsSocket} closed the connection before answering: the command may or may not have run (see ops audit).` };
    }
    return { kind: 'refused', message: `Cannot reach the server on ${config.opsSocket}: ${(error as Error).message}` };
  }
  const message = (answer.body as { error?: unknown } | undefined)?.error;
  const said = typeof message === 'string' ? message : `HTTP ${answer.status}`;
  if (answer.status === 200 && isRunAnswer(answer.body)) return { kind: 'ran', answer: answer.body };
  if (answer.status === 409) return { kind: 'other-database', message: `The server on ${config.opsSocket} refused: ${said}` };
  if (answer.status === 401) {
    return { kind: 'refused', message: `The server on ${config.opsSocket} refused the operator token: ${said} Set OPS_TOKEN to the server's OPS_TOKEN.` };
  }
  return { kind: 'refused', message: `The server on ${config.opsSocket} refused: ${said}` };
}

function isRunAnswer(body: unknown): body is OperatorRunAnswer {
  const answer = body as Partial<OperatorRunAnswer> | undefined;
  return (
    typeof answer?.exit_code === 'number' &&
    Array.isArray(answer.stdout) &&
    Array.isArray(answer.stderr) &&
    [...answer.stdout, ...answer.stderr].every((line) => typeof line === 'string')
  );
}

function postJson(socketPath: string, token: string | undefined, body: unknown): Promise<{ status: number; body: unknown }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        socketPath,
        path: OPERATOR_RUN_PATH,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        timeout: ANSWER_TIMEOUT_MS,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            parsed = undefined;
          }
          resolve({ status: incoming.statusCode ?? 0, body: parsed });
        });
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(Object.assign(new Error(`no answer within ${ANSWER_TIMEOUT_MS / 1000} s`), { code: 'ETIMEDOUT' })));
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
