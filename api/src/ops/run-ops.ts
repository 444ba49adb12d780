import type { Database, DatabaseHandle } from '../db/database';
import { DatabaseInUseError } from '../db/database';
import type { RealtimePublisher } from '../modules/realtime/publisher';
import { publishWallets } from '../modules/realtime/wallet-announcer';
import { type OpsCommand, OpsError, type OpsOutput, UsageError } from './command';

export type RunOpsOptions = {
  commands: readonly OpsCommand[];
  openDatabase(): Promise<DatabaseHandle>;
  out: OpsOutput;
  err: OpsOutput;
  /** Where balance changes are published (the running site's realtime service); none: nobody is told. */
  realtime?: Pick<RealtimePublisher, 'publishWallet'>;
  /** Announces an offers import to the running instances (REDIS_URL); none: they notice within a second. */
  catalogChanged?: () => Promise<void>;
};

const PROGRAM = 'pnpm ops';

function printHelp(commands: RunOpsOptions['commands'], to: OpsOutput) {
  to.line(`Usage: ${PROGRAM} <command> [arguments]`);
  to.line('');
  to.line('Commands:');
  const width = Math.max(...commands.map((command) => command.usage.length)) + 2;
  for (const command of commands) to.line(`  ${command.usage.padEnd(width)}${command.summary}`);
  to.line('');
  to.line('The database is the server\'s (DATABASE_URL, else PGlite in DATA_DIR).');
}

/** What a command that does not use the database gets instead: any use is a bug, said plainly. */
function noDatabase(name: string): Database {
  return new Proxy({} as Database, {
    get() {
      throw new Error(`${name} does not open the database`);
    },
  });
}

/** Runs one command line; answers the exit code (0 done, 1 failed, 2 wrong usage). */
export async function runOps(argv: readonly string[], { commands, openDatabase, out, err, realtime, catalogChanged }: RunOpsOptions): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    printHelp(commands, name ? out : err);
    return name ? 0 : 2;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    err.line(`Unknown command "${name}".`);
    printHelp(commands, err);
    return 2;
  }

  let work: ReturnType<OpsCommand['prepare']>;
  try {
    work = command.prepare(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err.line(`${error.message}\nUsage: ${PROGRAM} ${command.usage}`);
    return 2;
  }

  let handle: DatabaseHandle | undefined;
  try {
    if (command.usesDatabase !== false) handle = await openDatabase();
    const db = handle?.db ?? noDatabase(command.name);
    await work({
      db,
      out,
      tellWallets: (userIds) => tellWallets({ db, realtime, out }, userIds),
      catalogChanged: catalogChanged ?? (async () => {}),
    });
    return 0;
  } catch (error) {
    if (error instanceof OpsError || error instanceof DatabaseInUseError) {
      err.line(error.message);
      return 1;
    }
    throw error;
  } finally {
    await handle?.close();
  }
}

/** The money already moved: a site that cannot be told only means its pages show it on their next load. */
async function tellWallets(
  { db, realtime, out }: { db: Database; realtime: RunOpsOptions['realtime']; out: OpsOutput },
  userIds: readonly number[],
): Promise<void> {
  if (!realtime) return;
  try {
    await publishWallets({ db, realtime }, userIds);
  } catch (error) {
    out.line(`(The running site could not be told: ${failureOf(error)}. Open pages show the new balance on their next load.)`);
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
