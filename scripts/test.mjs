#!/usr/bin/env node
// The one test command: lint (no warnings), types, unit and component tests of every package (and of the build tools), the API on PGlite and
// (when TEST_DATABASE_URL is set) on PostgreSQL, a production build, the size budgets, then end-to-end tests in Chromium.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, '.tmp', 'test-results');
const pnpm = ['npx', '-y', 'pnpm@12.21.0'];
const frontendPackages = ['shared', 'shell', 'mf-marketing', 'mf-earn', 'mf-cashout', 'mf-account'];
const buildOrder = ['shell', 'mf-marketing', 'mf-earn', 'mf-cashout', 'mf-account'];

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

/** Runs a step beside other steps: its output is kept and printed in one piece when it ends. */
function runBeside(label, command, args, { cwd = root, env = {} } = {}) {
  const started = Date.now();
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

async function jestBeside(label, packageDir, env = {}, extraArgs = []) {
  const { outputFile, args } = jestArgs(label, extraArgs);
  countResults(outputFile, await runBeside(label, 'npx', args, { cwd: path.join(root, packageDir), env }));
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

// Three tracks side by side from the start, so that the two cores stay busy until the end: the API suites are
// the longest steps and start first. Each test file of the API opens a database of its own (an in-memory
// PGlite, or a PostgreSQL database made for it), so its two runs go side by side. The third track runs the
// shorter steps in order: lint, types, the unit tests, the production build and its size budgets, then the
// end-to-end tests against that build (they rebuild mf-marketing and edit one of its sources for a moment,
// so they come after that package's unit tests). Every step runs whatever failed before it.
await Promise.all([
  jestBeside('api on PGlite', 'api', { TEST_DATABASE_URL: '' }, ['--runInBand']),
  (async () => {
    if (process.env.TEST_DATABASE_URL) await jestBeside('api on PostgreSQL', 'api', {}, ['--runInBand']);
  })(),
  (async () => {
    await runBeside('lint', pnpm[0], [...pnpm.slice(1), 'lint']);
    await runBeside('typecheck', pnpm[0], [...pnpm.slice(1), '-r', 'typecheck']);
    for (const pkg of frontendPackages) await jestBeside(`unit ${pkg}`, pkg);
    await jestBeside('unit tools', 'tools');
    let built = true;
    for (const pkg of buildOrder) {
      if (!(await runBeside(`build ${pkg}`, pnpm[0], [...pnpm.slice(1), '--filter', `@rewards/${pkg}`, 'build']))) {
        built = false;
        break;
      }
    }
    // Each package's budget.json: its initial JS and the compressed JS of its pages, against the build just made.
    if (built) await runBeside('budgets', pnpm[0], [...pnpm.slice(1), 'check:budgets']);
    await jestBeside('end-to-end', 'e2e', { TEST_DATABASE_URL: '' }, ['--runInBand']);
  })(),
]);

console.log('');
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
