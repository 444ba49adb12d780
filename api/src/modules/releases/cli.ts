// `pnpm release`, `pnpm rollback` and `pnpm releases` (see release-cli.ts). Releases live in RELEASES_DIR,
// which the server reads on every runtime config request: no restart, and the shell is never rebuilt.
import { spawn } from 'node:child_process';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../config';
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

const config = loadConfig();
process.exitCode = await runReleaseCommand(process.argv.slice(2), {
  releasesDir: config.releasesDir,
  repoRoot: config.repoRoot,
  build: buildWithRspack(config.repoRoot),
  actor: () => ({ at: new Date().toISOString(), by: whoRuns() }),
  watchRule: config.canaryWatch,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
