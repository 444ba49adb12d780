// What the server's operator API and the `pnpm ops` command line agree on: the socket, the token, the request.
import { randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { chmod, lstat, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { type Config, isProduction, OPS_TOKEN_FORMAT } from '../config';

export const OPERATOR_RUN_PATH = '/ops/run';

/** The request body of POST /ops/run. */
export type OperatorRunRequest = {
  /** The command line after `pnpm ops`, as typed. */
  argv: string[];
  operator: string;
  /** Absolute; relative paths in arguments are resolved against it. */
  cwd: string;
  /** Which database the operator means (see databaseTarget); a server on another one refuses (409). */
  database: string;
};

/** The answer of POST /ops/run: what `pnpm ops` prints, and its exit code. */
export type OperatorRunAnswer = { exit_code: number; stdout: string[]; stderr: string[] };

/** Unix socket paths are limited by the kernel (108 bytes with the terminating zero on Linux). */
export const MAX_SOCKET_PATH_BYTES = 103;

export function checkSocketPath(path: string): void {
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES) {
    throw new Error(`The operator socket path ${path} is longer than ${MAX_SOCKET_PATH_BYTES} bytes: set OPS_SOCKET to a shorter path.`);
  }
}

/** A socket the command line will not send the operator token to. */
export class UntrustedSocketError extends Error {
  override name = 'UntrustedSocketError';
}

function kindOf(stats: Stats): string {
  if (stats.isSymbolicLink()) return 'symbolic link';
  if (stats.isDirectory()) return 'folder';
  if (stats.isFile()) return 'file';
  return 'special file';
}

/**
 * Before the command line sends its token: the operator socket must be a socket (not a link to one) owned by
 * this user or root, else another user could have put it there to collect the token and the commands. No
 * socket at all is fine (no server runs). `uid`: this process's user (undefined where there are none: Windows).
 */
export async function checkSocketOwner(path: string, uid: number | undefined = process.getuid?.()): Promise<void> {
  if (uid === undefined) return;
  let stats: Stats;
  try {
    stats = await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (!stats.isSocket()) {
    throw new UntrustedSocketError(`${path} is a ${kindOf(stats)}, not a socket: the operator token is not sent there. Remove it, or set OPS_SOCKET to the server's socket.`);
  }
  if (stats.uid !== uid && stats.uid !== 0) {
    throw new UntrustedSocketError(
      `The operator socket ${path} belongs to user ${stats.uid}, not to you (user ${uid}) or root: the operator token is not sent there. Remove it, or set OPS_SOCKET to the server's socket.`,
    );
  }
}

/** The development token file: DATA_DIR/ops-token, readable by its owner only. */
export function devTokenFile(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'ops-token');
}

/** The server's token: OPS_TOKEN, else (not in production) the development token file, made on first start. */
export async function serverToken(config: Pick<Config, 'opsToken' | 'nodeEnv' | 'dataDir'>): Promise<string | undefined> {
  if (config.opsToken) return config.opsToken;
  if (isProduction(config.nodeEnv)) return undefined;
  const file = devTokenFile(config);
  const existing = await readTokenFile(file);
  if (existing) return existing;
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const token = randomBytes(32).toString('base64url');
  try {
    await writeFile(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
    return token;
  } catch (error) {
    // Another server made it at the same moment: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readTokenFile(file);
    throw error;
  }
}

/** The token the command line sends: OPS_TOKEN, else the development token file if there is one. */
export async function clientToken(config: Pick<Config, 'opsToken' | 'dataDir'>): Promise<string | undefined> {
  return config.opsToken ?? (await readTokenFile(devTokenFile(config)));
}

async function readTokenFile(file: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // Someone loosened it: it is a password, so only its owner reads it.
  if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
  const token = text.trim();
  return OPS_TOKEN_FORMAT.test(token) ? token : undefined;
}

/**
 * The database a configuration names, comparable between the server and the command line: PGlite's folder, or
 * PostgreSQL's host, port and database (never the password).
 */
export function databaseTarget(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) {
    const folder = resolve(config.dataDir);
    let real = folder;
    try {
      real = realpathSync(folder);
    } catch {
      // Not made yet: the configured path is the name.
    }
    return `pglite:${real}`;
  }
  try {
    const url = new URL(config.databaseUrl);
    const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || url.username || 'postgres';
    return `postgres://${url.hostname || 'localhost'}:${url.port || '5432'}/${database}`;
  } catch {
    return 'postgres:unreadable-url';
  }
}
