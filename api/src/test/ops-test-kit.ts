import type { DatabaseHandle } from '../db/database';
import { COMMANDS } from '../ops/commands';
import { type RunOpsOptions, runOps } from '../ops/run-ops';

export type OpsResult = { code: number; out: string; err: string };

/**
 * Runs `pnpm ops …` against a test database, as an operator's terminal would, and answers the exit code and
 * what was printed. `options` adds what the test needs: the running server's realtime service, an
 * invocation (operator, folder), other commands.
 */
export async function runOpsCapturing(database: DatabaseHandle, argv: readonly string[], options: Partial<RunOpsOptions> = {}): Promise<OpsResult> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(argv, {
    commands: COMMANDS,
    openDatabase: async () => ({ ...database, close: async () => {} }),
    out: { line: (text = '') => out.push(text) },
    err: { line: (text = '') => err.push(text) },
    ...options,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/**
 * `ops(...argv)` runs a command as `operator` (see runOpsCapturing); `published` keeps the wallets the
 * commands told the running site about, in order.
 */
export function opsTellingWallets(database: () => DatabaseHandle, operator: string) {
  const published: Array<{ userId: number; wallet: string }> = [];
  const ops = (...argv: string[]) =>
    runOpsCapturing(database(), argv, {
      realtime: { publishWallet: async (userId, { wallet }) => void published.push({ userId, wallet }) },
      invocation: { operator, cwd: '/' },
    });
  return { ops, published };
}
