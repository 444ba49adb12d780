import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { createTestDatabase } from '../src/test/test-database';
import { fuzzGateway } from './gateway';
import { fuzzRawHttp } from './raw-http';
import { type FuzzTally, runFuzz } from './runner';
import { ledgerVerify, openFuzzSession, watchProcessErrors } from './session';

/**
 * The long fuzz run (issue 11 item 2): `pnpm --filter @rewards/api fuzz -- --requests 100000 [--seed N]`
 * (or FUZZ_REQUESTS / FUZZ_SEED). A fresh database: PostgreSQL with TEST_DATABASE_URL, else in-memory PGlite.
 * Nine tenths of the requests run with RATE_LIMITS=off (so they reach the handlers), one tenth with the
 * limits on; then hostile handshakes and frames on the gateway. Exit 1 on any 5xx, escaped error or ledger mismatch.
 */
const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { requests: { type: 'string' }, seed: { type: 'string' }, concurrency: { type: 'string' } },
});
const requests = Number(values.requests ?? process.env.FUZZ_REQUESTS ?? 100_000);
const seed = Number(values.seed ?? process.env.FUZZ_SEED ?? randomInt(1, 2 ** 31));
const concurrency = Number(values.concurrency ?? 8);
if (!Number.isInteger(requests) || requests < 1 || !Number.isInteger(seed) || !Number.isInteger(concurrency) || concurrency < 1) {
  console.error('usage: fuzz [--requests N] [--seed N] [--concurrency N]');
  process.exit(2);
}

const started = Date.now();
const database = await createTestDatabase();
const processErrors = watchProcessErrors();
console.log(`fuzz: ${requests} requests, seed ${seed} (--seed ${seed} repeats them), on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);

const progress = (label: string) => {
  let printed = 0;
  return (tally: FuzzTally) => {
    if (tally.requests < printed + 10_000) return;
    printed = tally.requests - (tally.requests % 10_000);
    console.log(`  ${label}: ${tally.requests} sent, ${tally.serverErrors} 5xx, ${Math.round((Date.now() - started) / 1000)} s`);
  };
};

const withoutLimits = Math.ceil(requests * 0.9);
const open = await openFuzzSession({ database, env: { RATE_LIMITS: 'off' } });
const main = await runFuzz({ app: open.app, context: open.context, seed, requests: withoutLimits, concurrency, beforeBatch: open.refreshIdentities, onProgress: progress('limits off') });
await open.app.listen({ host: '127.0.0.1', port: 0 });
const { port } = open.app.server.address() as AddressInfo;
const gateway = await fuzzGateway({ port, seed, handshakes: Math.ceil(requests / 50), sockets: Math.ceil(requests / 100) });
const rawHttp = await fuzzRawHttp({ port, seed, requests: Math.ceil(requests / 50) });
await open.close();

const limited = await openFuzzSession({ database, env: {}, users: 2 });
const second = await runFuzz({ app: limited.app, context: limited.context, seed: seed + 7919, requests: requests - withoutLimits, concurrency, beforeBatch: limited.refreshIdentities, onProgress: progress('limits on') });
await limited.close();

const verdict = await ledgerVerify(database);
processErrors.stop();
await database.close();

const tallies = [main, second];
const sent = tallies.reduce((sum, tally) => sum + tally.requests, 0);
const serverErrors = tallies.reduce((sum, tally) => sum + tally.serverErrors, 0) + gateway.serverErrors + rawHttp.serverErrors;
const byStatus: Record<string, number> = {};
for (const tally of tallies) for (const [status, count] of Object.entries(tally.byStatus)) byStatus[status] = (byStatus[status] ?? 0) + count;
const huge = { sent: main.bodyLimited.sent + second.bodyLimited.sent, answered413: main.bodyLimited.answered413 + second.bodyLimited.answered413 };

console.log(`requests: ${sent} HTTP (${main.requests} with rate limits off, ${second.requests} on) to ${main.routesHit.size} routes and made-up paths`);
console.log(`answers: ${JSON.stringify(byStatus)}`);
console.log(`accepted (2xx) by route: ${JSON.stringify(main.acceptedByRoute)}`);
console.log(`bodies over the limit: ${huge.answered413} of ${huge.sent} sent to routes that take a body answered 413 (the rest 401 before reading, or 4xx)`);
console.log(`gateway: ${gateway.handshakes} hostile handshakes ${JSON.stringify(Object.fromEntries(Object.entries(gateway.byAnswer).filter(([key]) => !key.startsWith('socket'))))}, ${gateway.sockets} sockets with ${gateway.frames} hostile frames`);
console.log(`raw HTTP: ${rawHttp.sent} malformed requests on sockets, answers ${JSON.stringify(rawHttp.byAnswer)}`);
console.log(`total: ${sent + gateway.handshakes + gateway.sockets + rawHttp.sent} requests and sockets`);
console.log(`5xx: ${serverErrors}`);
console.log(`crashes (errors escaped into the process): ${processErrors.seen.length}`);
console.log(`ledger:verify: ${verdict.out}`);
console.log(`seed ${seed}, ${Math.round((Date.now() - started) / 1000)} s`);
for (const failure of [...main.failures, ...second.failures, ...gateway.failures, ...rawHttp.failures]) console.log(`FAILED ${JSON.stringify(failure)}`);
for (const error of processErrors.seen.slice(0, 5)) console.log(`ESCAPED ${error}`);
process.exit(serverErrors === 0 && processErrors.seen.length === 0 && verdict.code === 0 ? 0 : 1);
