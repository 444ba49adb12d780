// `pnpm --filter @rewards/api bench:ops`: what operator commands cost the running site on the embedded
// database. Starts the real server (PGlite in a fresh folder), keeps signed-in requests coming, and prints
// their throughput and latency alone, then while operator commands run back to back through the operator
// API, and the wall time of one `pnpm ops` process.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config';
import { runCommandLine } from '../src/ops/command-line';
import { COMMANDS } from '../src/ops/commands';
import { findRepoRoot } from '../src/repo-root';
import { startServerProcess } from '../src/test/server-process';

const PHASE_MS = 10_000;
const CONCURRENCY = 16;

type Phase = { requests: number; failures: number; latencies: number[] };

async function signUp(base: string, email: string): Promise<string> {
  const password = 'correct horse 1';
  const response = await fetch(`${base}/api/user/Register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench User', email, password, password_confirmation: password }),
  });
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith('auth_token='));
  if (response.status !== 201 || !cookie) throw new Error(`sign-up failed: ${response.status}`);
  return cookie.slice('auth_token='.length).split(';')[0]!;
}

async function load(base: string, token: string, durationMs: number): Promise<Phase> {
  const phase: Phase = { requests: 0, failures: 0, latencies: [] };
  const until = Date.now() + durationMs;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) {
        const started = performance.now();
        try {
          const response = await fetch(`${base}/api/user/Profile`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
          await response.arrayBuffer();
          if (response.status !== 200) phase.failures += 1;
        } catch {
          phase.failures += 1;
        }
        phase.latencies.push(performance.now() - started);
        phase.requests += 1;
      }
    }),
  );
  return phase;
}

function describePhase(name: string, phase: Phase, durationMs: number): string {
  const sorted = [...phase.latencies].sort((a, b) => a - b);
  const at = (quantile: number) => sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))]?.toFixed(1) ?? '-';
  const rate = (phase.requests / (durationMs / 1000)).toFixed(0);
  return `${name.padEnd(34)} ${rate.padStart(5)} req/s  p50 ${at(0.5).padStart(6)} ms  p99 ${at(0.99).padStart(6)} ms  failed ${phase.failures}`;
}

function timeCli(dataDir: string, args: string[]): Promise<number> {
  const apiDir = join(findRepoRoot(), 'api');
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(join(apiDir, 'node_modules', '.bin', 'tsx'), ['src/ops/cli.ts', ...args], {
      cwd: apiDir,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
      stdio: 'ignore',
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`ops ${args.join(' ')} exited ${code}`))));
  });
}

const dataDir = await mkdtemp(join(tmpdir(), 'rewards-bench-ops-'));
const server = await startServerProcess({ DATA_DIR: dataDir, RATE_LIMITS: 'off' });
try {
  const reader = await signUp(server.url, `reader-${Date.now()}@example.com`);
  const creditedEmail = `credited-${Date.now()}@example.com`;
  await signUp(server.url, creditedEmail);
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' });
  const quiet = { line: () => {} };

  const alone = await load(server.url, reader, PHASE_MS);

  let commands = 0;
  let commandMs = 0;
  let running = true;
  const operator = (async () => {
    while (running) {
      const started = performance.now();
      const code = await runCommandLine(['users:credit', creditedEmail, '0.01', '--reason', 'benchmark'], {
        config,
        commands: COMMANDS,
        invocation: { operator: 'bench', cwd: dataDir },
        out: quiet,
        err: quiet,
      });
      if (code !== 0) throw new Error(`users:credit exited ${code}`);
      commandMs += performance.now() - started;
      commands += 1;
    }
  })();
  const withOps = await load(server.url, reader, PHASE_MS);
  running = false;
  await operator;

  const cliMs = await timeCli(dataDir, ['users:show', creditedEmail]);

  console.log(`site on PGlite, ${CONCURRENCY} concurrent signed-in Profile requests, ${PHASE_MS / 1000} s each:`);
  console.log(describePhase('alone', alone, PHASE_MS));
  console.log(describePhase('with users:credit back to back', withOps, PHASE_MS));
  console.log(`operator commands meanwhile: ${commands} users:credit, ${(commandMs / Math.max(commands, 1)).toFixed(1)} ms each through the operator API`);
  console.log(`one \`pnpm ops users:show\` process (tsx start-up included): ${(cliMs / 1000).toFixed(2)} s`);
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
