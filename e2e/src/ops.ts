import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repositoryRoot } from './site';

const opsEnvironment = (dataDir: string) => ({ ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', DATABASE_URL: '', OPS_OPERATOR: 'e2e-operator' });

/** What `pnpm ops` runs (the API package's `ops` script), without pnpm's start-up of about 2 s a call. */
const apiDir = path.join(repositoryRoot, 'api');
const opsScript = [path.join(apiDir, 'node_modules', '.bin', 'tsx'), path.join(apiDir, 'src', 'ops', 'cli.ts')] as const;

/**
 * Runs the operators' command line (the `pnpm ops` script) with `args` on the database in `dataDir` and answers
 * what it printed; throws when it fails. A site running on that folder runs the command itself (its operator API).
 */
export function runOps(args: readonly string[], dataDir: string): string {
  const result = spawnSync(opsScript[0], [opsScript[1], ...args], {
    cwd: apiDir,
    env: opsEnvironment(dataDir),
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.status !== 0) throw new Error(`ops ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
  return result.stdout;
}

/** `pnpm ops <args>` from another process, as an operator types it in another shell, without blocking the test. */
export function opsCommand(args: readonly string[], dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['-y', 'pnpm@12.21.0', 'ops', ...args], { cwd: repositoryRoot, env: opsEnvironment(dataDir) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The data folder of the site started by the global setup. */
export function globalSiteDataDir(): string {
  return (JSON.parse(readFileSync(path.join(__dirname, '..', '.site.json'), 'utf8')) as { dataDir: string }).dataDir;
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
