// `pnpm start`: builds what is not built or older than its sources (the frontends, and the API compiled to
// JavaScript), then serves the whole site and the API from one server, in this process (PORT, default 8080). Plain Node, no
// dependencies: it runs before anything else.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { staleReason } from '../tools/build-stamp/build-stamp.cjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM = ['-y', 'pnpm@12.21.0'];
// Each package `pnpm start` builds, and the file whose presence means its build is complete.
const BUILDS = [
  ['shell', 'index.html'],
  ['mf-marketing', 'mf-manifest.json'],
  ['mf-earn', 'mf-manifest.json'],
  ['mf-cashout', 'mf-manifest.json'],
  ['mf-account', 'mf-manifest.json'],
  ['mf-admin', 'mf-manifest.json'],
  ['api', 'server.js'],
];

if (!existsSync(join(root, 'node_modules')) || !existsSync(join(root, 'api', 'node_modules', 'fastify'))) {
  console.error('Dependencies are not installed. From the repository root run:\n\n  npx -y pnpm@12.21.0 install\n\nthen start again.');
  process.exit(1);
}

let child;
let stopSignal;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopSignal = signal;
    if (child) child.kill(signal);
    else process.exit(128 + constants.signals[signal]);
  });
}

/** Runs a command with our terminal; resolves with its exit code (128 + n when killed by signal n). */
function run(command, args, options = {}) {
  return new Promise((resolve) => {
    child = spawn(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32', ...options });
    child.on('error', (error) => {
      console.error(`start: cannot run ${command}: ${error.message}`);
      child = undefined;
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      child = undefined;
      resolve(code ?? 128 + (constants.signals[signal] ?? 0));
    });
  });
}

// One build at a time: rspack uses every core it finds.
for (const [pkg, builtFile] of BUILDS) {
  const reason = staleReason(join(root, pkg, 'dist'), root, builtFile);
  if (reason === null) continue;
  console.log(`start: building ${pkg} (${reason})`);
  const code = await run('npx', [...PNPM, '--filter', `@rewards/${pkg}`, 'build']);
  if (stopSignal) process.exit(code);
  if (code !== 0) {
    console.error(`start: the build of ${pkg} failed (exit ${code}); fix it or run: npx -y pnpm@12.21.0 --filter @rewards/${pkg} build`);
    process.exit(code);
  }
}

// The server runs in this very process, as `node --enable-source-maps dist/server.js` would from api/: one
// Node process fewer at rest beside the site (~50 MB). Its own handlers take over the stop signals.
for (const signal of ['SIGINT', 'SIGTERM']) process.removeAllListeners(signal);
process.chdir(join(root, 'api'));
process.env.SERVE_SITE = '1';
process.setSourceMapsEnabled(true);
await import(pathToFileURL(join(root, 'api', 'dist', 'server.js')).href);
