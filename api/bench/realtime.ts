// `pnpm bench:realtime [--sockets N] [--events N]`: how many live-ticker sockets the gateway holds and how fast
// it feeds them. N sockets (default 5,000) speaking the Pusher protocol subscribe to fake-leads; 100 events are
// published one after the other through the HTTP events API (as the API itself publishes, with the official
// SDK); for each, the time from publishing to the moment the last socket has it. Then the same across two
// instances fanning out through Redis (REDIS_URL, default redis://127.0.0.1:6379), the sockets split evenly.
// The sockets are opened by this process: on a small machine it shares the CPU with the server, which the
// figures include.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Pusher from 'pusher';
import WebSocket from 'ws';
import { LEAD_CREATED_EVENT, LEADS_CHANNEL } from '@rewards/shared/contracts/realtime';
import { type ServerProcess, startServerProcess } from '../src/test/server-process';

const KEY = 'bench-key';
const APP_ID = 'bench-app';
const SECRET = randomBytes(16).toString('hex');
/** Handshakes in flight at once: Node's listen backlog is 511, and a dropped SYN costs a 1 s retransmit. */
const CONNECT_CONCURRENCY = 200;
const DELIVERY_TIMEOUT_MS = 15_000;
/** File descriptors this process and each server need beyond the sockets (modules, pipes, database). */
const SPARE_FDS = 256;

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number, got ${process.argv[index + 1]}`);
  return value;
}

/** The soft limit on open files of this process (what `ulimit -n` says); servers started from here inherit it. */
function openFileLimit(): number {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((row) => row.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft === undefined || soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

type Memory = { rss: number; heapUsed: number; external: number };

/**
 * The server's memory after a full garbage collection, asked through its inspector (started on a loopback
 * port for the bench only): RSS alone moves by hundreds of MB as the embedded database settles.
 */
async function serverMemory(server: ServerProcess): Promise<Memory> {
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(server.output())?.[1];
  if (!url) throw new Error('the server did not open its inspector');
  const inspector = new WebSocket(url);
  await new Promise((resolve, reject) => {
    inspector.once('open', resolve);
    inspector.once('error', reject);
  });
  let nextId = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<{ result?: { result?: { value?: string } } }>((resolve) => {
      const id = ++nextId;
      const onMessage = (raw: WebSocket.RawData) => {
        const message = JSON.parse(raw.toString()) as { id?: number };
        if (message.id !== id) return;
        inspector.off('message', onMessage);
        resolve(message as { result?: { result?: { value?: string } } });
      };
      inspector.on('message', onMessage);
      inspector.send(JSON.stringify({ id, method, params }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    const answer = await call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
    return JSON.parse(answer.result?.result?.value ?? '{}') as Memory;
  } finally {
    inspector.close();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function startGatewayServer(extraEnv: Record<string, string>, sockets: number): Promise<ServerProcess> {
  return startServerProcess({
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    PUSHER_APP_ID: APP_ID,
    PUSHER_KEY: KEY,
    PUSHER_SECRET: SECRET,
    APP_SECRET: randomBytes(16).toString('hex'),
    // Production refuses to start without one; the bench sends no email.
    SMTP_URL: 'smtp://127.0.0.1:1',
    LIVE_FEED_SIMULATION: 'off',
    RATE_LIMITS: 'off',
    // Every bench socket comes from 127.0.0.1.
    REALTIME_MAX_CONNECTIONS: String(sockets + 100),
    REALTIME_MAX_CONNECTIONS_PER_IP: String(sockets + 100),
    ...extraEnv,
  }, { nodeArgs: ['--inspect=127.0.0.1:0'] });
}

/** Counts, per event number, how many sockets have it, and when the last one got it. */
class DeliveryLog {
  private readonly counts = new Map<number, number>();
  private readonly waiters = new Map<number, () => void>();
  constructor(private readonly sockets: number) {}

  received(seq: number) {
    const count = (this.counts.get(seq) ?? 0) + 1;
    this.counts.set(seq, count);
    if (count === this.sockets) this.waiters.get(seq)?.();
  }

  /** Resolves with the moment the last socket had event `seq`; rejects after DELIVERY_TIMEOUT_MS. */
  allHave(seq: number): Promise<number> {
    if (this.counts.get(seq) === this.sockets) return Promise.resolve(performance.now());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`event ${seq}: only ${this.counts.get(seq) ?? 0} of ${this.sockets} sockets had it after ${DELIVERY_TIMEOUT_MS} ms`)),
        DELIVERY_TIMEOUT_MS,
      );
      this.waiters.set(seq, () => {
        clearTimeout(timer);
        resolve(performance.now());
      });
    });
  }
}

const SEQ = /\\"seq\\":(\d+)/;

/** One socket as pusher-js would use it: connect, subscribe to the feed, answer pings, count events. */
function openFeedSocket(port: number, deliveries: DeliveryLog): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${KEY}?protocol=7&client=js&version=8.6.0`, { perMessageDeflate: false });
    let subscribed = false;
    ws.on('message', (raw) => {
      const text = raw.toString();
      if (subscribed) {
        const seq = SEQ.exec(text)?.[1];
        if (seq !== undefined) deliveries.received(Number(seq));
        else if (text.includes('"pusher:ping"')) ws.send('{"event":"pusher:pong","data":{}}');
      } else if (text.includes('pusher:connection_established')) {
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: LEADS_CHANNEL } }));
      } else if (text.includes('pusher_internal:subscription_succeeded')) {
        subscribed = true;
        resolve(ws);
      } else reject(new Error(`unexpected frame before subscribing: ${text}`));
    });
    ws.on('error', reject);
    ws.on('close', (code) => {
      if (!subscribed) reject(new Error(`socket closed (${code}) before subscribing`));
    });
  });
}

async function openSockets(ports: number[], count: number, deliveries: DeliveryLog): Promise<{ sockets: WebSocket[]; seconds: number }> {
  const sockets: WebSocket[] = [];
  let next = 0;
  const startedAt = performance.now();
  async function worker() {
    while (next < count) {
      const index = next++;
      sockets.push(await openFeedSocket(ports[index % ports.length]!, deliveries));
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONNECT_CONCURRENCY, count) }, worker));
  return { sockets, seconds: (performance.now() - startedAt) / 1000 };
}

async function publishAndMeasure(publisher: Pusher, deliveries: DeliveryLog, events: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let seq = 0; seq < events; seq++) {
    const publishedAt = performance.now();
    const lead = { name: 'Bench M.', amount: '$1.25', wall: 'Bloomtask', offer: 'Bench offer', seq };
    const delivered = deliveries.allHave(seq);
    await publisher.trigger(LEADS_CHANNEL, LEAD_CREATED_EVENT, lead);
    latencies.push((await delivered) - publishedAt);
    await sleep(20);
  }
  return latencies.sort((a, b) => a - b);
}

async function scenario(title: string, servers: ServerProcess[], sockets: number, events: number) {
  console.log(`\n${title}`);
  const deliveries = new DeliveryLog(sockets);
  const ports = servers.map((server) => server.port);
  // Warm up each server's code paths, so the memory figure is about sockets, not first-use compilation.
  const warm = await openSockets(ports, ports.length * 10, new DeliveryLog(ports.length * 10));
  for (const ws of warm.sockets) ws.close();
  await sleep(500);
  const before = await Promise.all(servers.map(serverMemory));

  const { sockets: open, seconds } = await openSockets(ports, sockets, deliveries);
  console.log(`  connect       ${sockets} sockets connected and subscribed in ${seconds.toFixed(2)} s (${Math.round(sockets / seconds)} per second)`);
  await sleep(1_000);
  const after = await Promise.all(servers.map(serverMemory));
  servers.forEach((_server, i) => {
    const held = Math.ceil(sockets / servers.length);
    const grown = after[i]!.heapUsed + after[i]!.external - (before[i]!.heapUsed + before[i]!.external);
    const rssGrown = after[i]!.rss - before[i]!.rss;
    console.log(
      `  memory        instance ${i + 1}: +${mb(grown)} heap and buffers for ${held} sockets = ${(grown / held / 1024).toFixed(1)} KB per socket` +
        ` (RSS ${mb(after[i]!.rss)}, ${rssGrown >= 0 ? '+' : ''}${mb(rssGrown)})`,
    );
  });

  const publisher = new Pusher({ appId: APP_ID, key: KEY, secret: SECRET, host: '127.0.0.1', port: String(servers[0]!.port), useTLS: false });
  const latencies = await publishAndMeasure(publisher, deliveries, events);
  console.log(
    `  delivery      ${events} events, publish → last of ${sockets} sockets: p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}` +
      ` (min ${ms(latencies[0]!)}, max ${ms(latencies.at(-1)!)})`,
  );
  for (const ws of open) ws.terminate();
  await sleep(300);
}

async function main() {
  const requested = option('sockets', 5_000);
  const events = option('events', 100);
  const limit = openFileLimit();
  const sockets = Math.min(requested, limit - SPARE_FDS);
  console.log(`bench:realtime: ${sockets} sockets on ${LEADS_CHANNEL}, ${events} events; open-file limit (ulimit -n) ${limit}`);
  if (sockets < requested) {
    console.log(`  NOTE: ulimit -n ${limit} limits this run to ${sockets} sockets instead of ${requested}; raise it (ulimit -n ${requested + SPARE_FDS}) for the full run`);
  }
  if (sockets < 1) throw new Error('the open-file limit leaves no room for sockets');

  const single = await startGatewayServer({}, sockets);
  try {
    await scenario('one instance', [single], sockets, events);
  } finally {
    await single.stop();
  }

  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisEnv = { REDIS_URL: redisUrl, REDIS_PREFIX: `bench-${randomUUID()}:` };
  let pair: ServerProcess[] = [];
  try {
    pair = await Promise.all([startGatewayServer(redisEnv, sockets), startGatewayServer(redisEnv, sockets)]);
  } catch (error) {
    await Promise.all(pair.map((server) => server.stop()));
    console.log(`\ntwo instances + Redis: skipped, could not start them with REDIS_URL=${redisUrl}: ${(error as Error).message.split('\n')[0]}`);
    return;
  }
  try {
    await scenario(`two instances + Redis (${Math.ceil(sockets / 2)} + ${Math.floor(sockets / 2)} sockets, published on instance 1)`, pair, sockets, events);
  } finally {
    await Promise.all(pair.map((server) => server.stop()));
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
