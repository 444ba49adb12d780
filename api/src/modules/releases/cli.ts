// `pnpm release`, `pnpm rollback` and `pnpm releases` (see release-cli.ts). Releases live in RELEASES_DIR,
// which the server reads on every runtime config request: no restart, and the shell is never rebuilt.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { type Config, loadConfig } from '../../config';
import { pgliteFolder } from '../../db/database';
import { runCommandLine } from '../../ops/command-line';
import { COMMANDS } from '../../ops/commands';
import { localInvocation } from '../../ops/run-ops';
import type { VersionHealthAnswer } from '../telemetry/health';
import { releaseHealthLines } from '../telemetry/release-health';
import { ReleaseError } from './release-changes';
import { runReleaseCommand } from './release-cli';

/** The remote's own production build (its rspack config, the contract check included), into `outputFolder`. */
function buildWithRspack(repoRoot: string) {
  return (remote: string, outputFolder: string) =>
    new Promise<void>((resolve, reject) => {
      const packageDir = join(repoRoot, remote);
      const rspack = join(packageDir, 'node_modules', '.bin', 'rspack');
      // Its output goes to stderr: stdout carries only what the command did.
      const child = spawn(rspack, ['build', '--mode', 'production', '--output-path', outputFolder], {
        cwd: packageDir,
        stdio: ['ignore', 2, 2],
        shell: process.platform === 'win32',
      });
      const failed = (reason: string) =>
        reject(new ReleaseError(`${remote} was not released: its build ${reason}. Nothing was published; browsers keep what they had.`));
      child.on('error', (error) => failed(`could not start (${error.message})`));
      child.on('exit', (code, signal) => (code === 0 ? resolve() : failed(`failed (${signal ?? `exit ${code}`}, see above)`)));
    });
}

function whoRuns(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

/**
 * The last hour's browser reports, read as `pnpm ops telemetry:health --json` reads them: in the running server
 * when there is one (PGlite allows one process), else on the database itself.
 */
function readHealthThroughOps(config: Config) {
  return async (): Promise<VersionHealthAnswer[]> => {
    // No database yet (a fresh checkout): nothing was reported, and listing releases makes none.
    if (!config.databaseUrl && !existsSync(join(pgliteFolder(config.dataDir), 'PG_VERSION'))) return [];
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCommandLine(['telemetry:health', '--json'], {
      config,
      commands: COMMANDS,
      invocation: localInvocation(),
      out: { line: (text = '') => void out.push(text) },
      err: { line: (text = '') => void err.push(text) },
      // A process holding PGlite that is no server (another command): say so rather than wait for it.
      waitMs: 3000,
    });
    const answer = JSON.parse(out.join('\n') || '{}') as { ok?: boolean; result?: VersionHealthAnswer[]; error?: string };
    if (code !== 0 || !answer.ok || !Array.isArray(answer.result)) throw new Error(answer.error ?? (err.join(' ') || `exit ${code}`));
    return answer.result;
  };
}

const config = loadConfig();
process.exitCode = await runReleaseCommand(process.argv.slice(2), {
  releasesDir: config.releasesDir,
  readHealth:
    process.argv[2] === 'releases'
      ? async () => {
          const health = await readHealthThroughOps(config)();
          return (remote, state) => releaseHealthLines(remote, state, health);
        }
      : undefined,
  repoRoot: config.repoRoot,
  build: buildWithRspack(config.repoRoot),
  actor: () => ({ at: new Date().toISOString(), by: whoRuns() }),
  watchRule: config.canaryWatch,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
