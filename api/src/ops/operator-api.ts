// The operator API: the running server runs `pnpm ops` commands with its own database handle, so operators
// work on the live site, on the embedded PGlite too (one process may open it). A unix socket in DATA_DIR,
// readable by its owner only, plus a token: nothing on the network can reach it.
import { createHash, timingSafeEqual } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { dirname, isAbsolute } from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import type { Mailer } from '../modules/account/mailer';
import { contentAnnouncer } from '../modules/content/content-events';
import { catalogAnnouncer } from '../modules/earn/catalog-events';
import type { RealtimePublisher } from '../modules/realtime/publisher';
import type { OpsCommand } from './command';
import { checkSocketPath, databaseTarget, OPERATOR_RUN_PATH, type OperatorRunAnswer, serverToken } from './operator-endpoint';
import { type NotificationChannels, runOps } from './run-ops';

const BODY_LIMIT_BYTES = 256 * 1024;
const NOT_PRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

const runRequest = z
  .object({
    argv: z.array(z.string().max(10_000)).min(1).max(200),
    operator: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .refine((name) => !NOT_PRINTABLE.test(name), 'the operator name may contain printable characters only'),
    cwd: z.string().min(1).max(4096).refine(isAbsolute, 'cwd must be an absolute path'),
    database: z.string().max(4096),
  })
  .strict();

export type OperatorApiOptions = {
  token: string;
  commands: readonly OpsCommand[];
  database: Pick<DatabaseHandle, 'db' | 'kind'>;
  /** This server's databaseTarget(): a command line that means another database is refused. */
  databaseTarget: string;
  realtime: Pick<RealtimePublisher, 'publishWallet'>;
  /** Where the notifications of a command go once committed: this server's realtime service and mailer. */
  notificationChannels?: NotificationChannels;
  /** Tells the other instances that the offers catalog changed (Redis); see catalogAnnouncer. */
  announceCatalog?: () => Promise<void>;
  /** Tells the other instances that the marketing content changed (Redis); see contentAnnouncer. */
  announceContent?: () => Promise<void>;
  log?: FastifyBaseLogger;
};

/** The caller is on this machine: a unix socket peer (no address), or loopback. */
export function isLocalPeer(address: string | undefined): boolean {
  if (address === undefined || address === '') return true;
  return address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares without telling by its timing how much of the token was right. */
function tokenMatches(given: string | undefined, expected: string): boolean {
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}

function bearerOf(header: string | undefined): string | undefined {
  const match = /^Bearer ([^\s]{1,500})$/.exec(header ?? '');
  return match?.[1];
}

export async function buildOperatorApi(options: OperatorApiOptions): Promise<FastifyInstance> {
  const api = Fastify({
    ...(options.log ? { loggerInstance: options.log } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    logController: new LogController({ disableRequestLogging: true }),
  });
  const { db, kind } = options.database;

  api.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: `Not found: the operator API answers POST ${OPERATOR_RUN_PATH}` }));
  api.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) return reply.code(statusCode).send({ error: error.message });
    request.log.error({ err: error }, 'operator API request failed');
    return reply.code(500).send({ error: 'The server failed to run the command; its log says why.' });
  });

  api.addHook('onRequest', async (request, reply) => {
    if (!isLocalPeer(request.socket.remoteAddress)) return reply.code(403).send({ error: 'The operator API answers callers on this machine only.' });
    const token = bearerOf(request.headers.authorization);
    if (token === undefined) return reply.code(401).send({ error: 'The operator token is missing (Authorization: Bearer <token>).' });
    if (!tokenMatches(token, options.token)) return reply.code(401).send({ error: 'The operator token is wrong.' });
  });

  api.post(OPERATOR_RUN_PATH, async (request, reply): Promise<OperatorRunAnswer | undefined> => {
    const parsed = runRequest.safeParse(request.body);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
      return reply.code(400).send({ error: `Malformed request: ${problems.join('; ')}` });
    }
    const { argv, operator, cwd, database } = parsed.data;
    if (database !== options.databaseTarget) {
      return reply.code(409).send({ error: `This server uses another database (${options.databaseTarget}), not ${database}.` });
    }
    const stdout: string[] = [];
    const stderr: string[] = [];
    const exitCode = await runOps(argv, {
      commands: options.commands,
      // The server's own handle: the command shares it, and it stays open afterwards.
      openDatabase: async () => ({ db, kind, close: async () => {} }),
      out: { line: (text = '') => void stdout.push(text) },
      err: { line: (text = '') => void stderr.push(text) },
      realtime: options.realtime,
      notificationChannels: options.notificationChannels,
      announceCatalog: options.announceCatalog,
      announceContent: options.announceContent,
      invocation: { operator, cwd },
      databaseCommandsOnly: true,
    });
    request.log.info({ operator, command: argv[0]?.slice(0, 100), exitCode }, 'ops command run');
    return { exit_code: exitCode, stdout, stderr };
  });
  return api;
}

/** Whether something answers on that unix socket (a server already serving it). */
export function socketAnswers(path: string, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ path });
    const done = (answers: boolean) => {
      socket.destroy();
      resolve(answers);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Listens on the unix socket, usable by this user only from the moment it exists: it is made under the
 * umask 077 (mode 0700), which is set just for listen and put back after. A chmod afterwards would leave a
 * moment in which anyone could connect. Answers how to stop, or undefined.
 */
export async function listenOperatorApi(api: FastifyInstance, path: string, log: FastifyBaseLogger): Promise<(() => Promise<void>) | undefined> {
  checkSocketPath(path);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  if (await socketAnswers(path)) {
    log.warn(`another server already serves the operator API on ${path}; this one serves none`);
    return undefined;
  }
  // A socket file left by a server that ended without closing it.
  await rm(path, { force: true });
  await api.ready();
  // The umask is the process's: 077 rather than 177 so a folder made elsewhere in this moment stays usable.
  const umask = process.umask(0o077);
  try {
    await api.listen({ path });
  } finally {
    process.umask(umask);
  }
  return async () => {
    await api.close();
    await rm(path, { force: true });
  };
}

export type OperatorApiPluginOptions = { config: Config; commands: readonly OpsCommand[]; mailer: Mailer };

/**
 * Serves the operator API on OPS_SOCKET once the site listens, and stops it before the database closes
 * (in-flight commands finish first). Without OPS_TOKEN production serves none.
 */
export const operatorApiPlugin = fp<OperatorApiPluginOptions>(
  async (app, { config, commands, mailer }) => {
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onListen', async () => {
      const token = await serverToken(config);
      if (!token) {
        app.log.warn('OPS_TOKEN is not set: no operator API, so `pnpm ops` cannot run while this server holds an embedded database');
        return;
      }
      const log = app.log.child({ component: 'operator-api' });
      const api = await buildOperatorApi({
        token,
        commands,
        database: { db: app.db, kind: app.databaseKind },
        databaseTarget: databaseTarget(config),
        realtime: app.realtime,
        notificationChannels: { realtime: app.realtime, mailer, siteUrl: config.publicUrl },
        announceCatalog: catalogAnnouncer(config),
        announceContent: contentAnnouncer(config),
        log,
      });
      try {
        stop = await listenOperatorApi(api, config.opsSocket, log);
        if (stop) app.log.info(`operator API on ${config.opsSocket}`);
      } catch (error) {
        await api.close();
        app.log.error({ err: error }, 'the operator API could not start; `pnpm ops` cannot reach this server');
      }
    });
    app.addHook('preClose', async () => {
      await stop?.();
    });
  },
  { name: 'operator-api', dependencies: ['database', 'realtime'] },
);
