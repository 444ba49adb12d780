import { spawnSync } from 'node:child_process';
import { repositoryRoot } from './site';

/**
 * Runs the operators' command line (`pnpm ops <args>`) on the database in `dataDir` and answers what it
 * printed. With PGlite only one process may open that folder: the site using it must be stopped first.
 */
export function runOps(args: readonly string[], dataDir: string): string {
  const result = spawnSync('npx', ['-y', 'pnpm@12.21.0', 'ops', ...args], {
    cwd: repositoryRoot,
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.status !== 0) throw new Error(`ops ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
  return result.stdout;
}

export type ListedCashout = { id: number; email: string; method: string; account: string; amount: string; status: string };

/** The rows of `ops cashouts:list` (a table: id, user, method, account, amount, status, created). */
export function parseCashoutList(output: string): ListedCashout[] {
  return output
    .split('\n')
    .map((line) => line.trim().split(/\s{2,}/))
    .filter((cells) => cells.length >= 6 && /^\d+$/.test(cells[0]!))
    .map(([id, email, method, account, amount, status]) => ({
      id: Number(id),
      email: email!,
      method: method!,
      account: account!,
      amount: amount!,
      status: status!,
    }));
}
