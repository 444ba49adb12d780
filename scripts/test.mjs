#!/usr/bin/env node
// The one test command: lint (no warnings), types, unit and component tests of every package (and of the build tools), the API on PGlite and
// (when TEST_DATABASE_URL is set) on PostgreSQL, a production build, the size budgets, then end-to-end tests in Chromium.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, '.tmp', 'test-results');
const pnpm = ['npx', '-y', 'pnpm@12.21.0'];
const frontendPackages = ['shared', 'shell', 'mf-marketing', 'mf-earn', 'mf-cashout', 'mf-account', 'mf-admin'];
const buildOrder = ['shell', 'mf-marketing', 'mf-earn', 'mf-cashout', 'mf-account', 'mf-admin'];

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

/** Runs a step beside other steps: its output is kept and printed in one piece when it ends. */
function runBeside(label, command, args, { cwd = root, env = {}, niceness = 0 } = {}) {
  const started = Date.now();
  // A lower priority where the system has `nice` (Linux, macOS): the step gets what the others leave.
  if (niceness && process.platform !== 'win32') [command, args] = ['nice', ['-n', String(niceness), command, ...args]];
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const finish = (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n▶ ${label} (beside other steps)`);
      process.stdout.write(Buffer.concat(output));
      console.log(`${status === 0 ? '✓' : '✗'} ${label} (${seconds} s)`);
      if (status !== 0) failures.push(label);
      resolve(status === 0);
    };
    child.on('error', () => finish(1));
    child.on('close', (status) => finish(status));
  });
}

function jestArgs(label, extraArgs) {
  const outputFile = path.join(resultsDir, `${label.replace(/\W+/g, '-')}.json`);
  return { outputFile, args: ['jest', '--ci', '--json', `--outputFile=${outputFile}`, ...extraArgs] };
}

async function jestBeside(label, packageDir, env = {}, extraArgs = [], niceness = 0) {
  const { outputFile, args } = jestArgs(label, extraArgs);
  countResults(outputFile, await runBeside(label, 'npx', args, { cwd: path.join(root, packageDir), env, niceness }));
}

/**
 * Test files about what the API serves from files (the built site, its headers, the runtime config and the
 * released versions): they open a database only because the app needs one, and run on PGlite alone.
 */
const SERVING_FROM_FILES = [
  '/src/plugins/static-site\\.test\\.ts$',
  '/src/plugins/security-headers\\.test\\.ts$',
  '/src/modules/runtime-config/',
  '/src/modules/releases/served-releases\\.test\\.ts$',
];

/**
 * The API's test files that reach a database: those that import the test database (jest follows the imports)
 * and those that hand TEST_DATABASE_URL to a process of their own. Only these differ on PostgreSQL; the rest
 * (pure units, the payout rails' adapters, processes without a database, SERVING_FROM_FILES) run once, on PGlite.
 */
function apiDatabaseTestArgs() {
  const apiDir = path.join(root, 'api');
  const namingTheDatabase = ['src', 'fuzz', 'bench']
    .flatMap((folder) => readdirSync(path.join(apiDir, folder), { recursive: true }).map((file) => path.join(folder, String(file))))
    .filter((file) => file.endsWith('.test.ts') && readFileSync(path.join(apiDir, file), 'utf8').includes('TEST_DATABASE_URL'));
  return ['--findRelatedTests', 'src/test/test-database.ts', ...namingTheDatabase, '--testPathIgnorePatterns', ...SERVING_FROM_FILES];
}

function countResults(outputFile, ok) {
  try {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  } catch {
    if (!ok) totals.failed += 1;
  }
}

// Everything starts at once, so that both cores stay busy to the end; the total of the steps' CPU time is what
// bounds the run on two cores. Each test file of the API opens a database of its own (an in-memory PGlite, or a
// PostgreSQL database made for it), so its runs go side by side, each in two halves (jest's shards) so that no
// single long step is left at the end; on PostgreSQL only the files that reach a database (apiDatabaseTestArgs).
// The production build starts at once too, then its size budgets; the end-to-end tests against that build edit
// a source of mf-marketing for a moment (and rebuild it), so they also wait for lint, the types and
// mf-marketing's unit tests, which read it. The end-to-end chain waits on browsers and timers, so the API runs
// yield to it and to the unit suites (nice 5); a unit suite starved further timed its form tests out. A failed
// step lets the others run; the budgets are skipped after a failed build.
const API_NICENESS = 5;
const readBeforeEndToEnd = (async () => {
  await runBeside('lint', pnpm[0], [...pnpm.slice(1), 'lint']);
  await runBeside('typecheck', pnpm[0], [...pnpm.slice(1), '-r', 'typecheck']);
  await jestBeside('unit mf-marketing', 'mf-marketing');
})();
const apiShards = ['1/2', '2/2'];
// Both PostgreSQL shards take the same list: the test files are read for it once.
const apiOnPostgresArgs = process.env.TEST_DATABASE_URL ? apiDatabaseTestArgs() : null;
await Promise.all([
  ...apiShards.map((shard) =>
    jestBeside(`api on PGlite (${shard})`, 'api', { TEST_DATABASE_URL: '' }, ['--runInBand', `--shard=${shard}`], API_NICENESS),
  ),
  ...(apiOnPostgresArgs ? apiShards : []).map((shard) =>
    jestBeside(`api on PostgreSQL (${shard})`, 'api', {}, ['--runInBand', `--shard=${shard}`, ...apiOnPostgresArgs], API_NICENESS),
  ),
  (async () => {
    await readBeforeEndToEnd;
    for (const pkg of frontendPackages.filter((name) => name !== 'mf-marketing')) await jestBeside(`unit ${pkg}`, pkg);
    await jestBeside('unit tools', 'tools');
  })(),
  (async () => {
    let built = true;
    for (const pkg of buildOrder) {
      if (!(await runBeside(`build ${pkg}`, pnpm[0], [...pnpm.slice(1), '--filter', `@rewards/${pkg}`, 'build']))) {
        built = false;
        break;
      }
    }
    // Each package's budget.json: its initial JS and the compressed JS of its pages, against the build just made.
    if (built) await runBeside('budgets', pnpm[0], [...pnpm.slice(1), 'check:budgets']);
    await readBeforeEndToEnd;
    await jestBeside('end-to-end', 'e2e', { TEST_DATABASE_URL: '' }, ['--runInBand']);
  })(),
]);

console.log('');
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
