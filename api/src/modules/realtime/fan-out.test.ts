import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import WebSocket from 'ws';
import { DEFAULT_GATEWAY_LIMITS, type GatewayLimits } from '../../config';
import { ChannelRegistry } from './channel-registry';
import { clientAddressResolver } from './client-address';
import { FrameFanOut, MIN_MEMBERS_FOR_THREADS } from './fan-out';
import { waitUntil } from '../../test/wait-until';
import { attachGateway } from './gateway';

const credentials = { key: 'fan-out-key', secret: 'fan-out-secret' };
const CHANNEL = 'fake-leads';

async function startGateway(threads: number, limits: Partial<GatewayLimits> = {}) {
  const server: Server = createServer((_request, response) => response.end('ok'));
  const fanOut = new FrameFanOut({ threads, capacity: 1_000 });
  const registry = new ChannelRegistry(fanOut);
  const gateway = attachGateway(server, {
    credentials,
    registry,
    log: Fastify({ logger: false }).log,
    limits: { ...DEFAULT_GATEWAY_LIMITS, maxConnectionsPerIp: 1_000, ...limits },
    publicChannels: new Set([CHANNEL]),
    clientAddress: clientAddressResolver(false),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    registry,
    fanOut,
    async stop() {
      gateway.close();
      fanOut.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

type Site = Awaited<ReturnType<typeof startGateway>>;

/** A subscribed ws client keeping the `seq` of every event it receives, and any frame it could not read. */
async function subscriber(site: Site) {
  const ws = new WebSocket(`ws://127.0.0.1:${site.port}/app/${credentials.key}?protocol=7&client=js`);
  const seqs: number[] = [];
  const problems: string[] = [];
  let onSubscribed: () => void = () => {};
  const subscribed = new Promise<void>((resolve) => (onSubscribed = resolve));
  ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as { event: string; data?: string };
    if (frame.event === 'pusher_internal:subscription_succeeded') onSubscribed();
    else if (frame.event === 'lead.created') {
      const lead = JSON.parse(frame.data ?? '{}') as { seq: number; padding: string };
      seqs.push(lead.seq);
      if (typeof lead.padding !== 'string') problems.push(`event ${lead.seq} arrived without its data`);
    }
  });
  ws.on('error', (error) => problems.push(error.message));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: CHANNEL } }));
  await subscribed;
  return { ws, seqs, problems };
}

const paddingFor = (seq: number) => 'x'.repeat(seq % 7);

function publish(site: Site, seq: number, padding = paddingFor(seq)) {
  site.registry.deliver({ channels: [CHANNEL], event: 'lead.created', data: JSON.stringify({ seq, padding }) });
}

const inOrder = (count: number) => Array.from({ length: count }, (_, seq) => seq);

describe('FrameFanOut', () => {
  let site: Site | undefined;
  const clients: WebSocket[] = [];
  afterEach(async () => {
    for (const ws of clients.splice(0)) ws.terminate();
    await site?.stop();
    site = undefined;
  });

  it('writes a large channel through the main thread and a fan-out thread: every socket has every event once, in order', async () => {
    site = await startGateway(1);
    const members = await Promise.all(Array.from({ length: MIN_MEMBERS_FOR_THREADS + 44 }, () => subscriber(site!)));
    clients.push(...members.map((member) => member.ws));
    for (let seq = 0; seq < 20; seq++) publish(site, seq);
    await waitUntil(() => members.every((member) => member.seqs.length === 20), 'every socket to have 20 events', { everyMs: 10 });
    for (const member of members) expect({ seqs: member.seqs, problems: member.problems }).toEqual({ seqs: inOrder(20), problems: [] });
    expect(site.fanOut.threadsRunning()).toBe(1);
    expect(site.fanOut.counts.direct).toBe(20 * members.length);
  });

  it('leaves small channels to the main thread', async () => {
    site = await startGateway(1);
    const member = await subscriber(site);
    clients.push(member.ws);
    publish(site, 0);
    await waitUntil(() => member.seqs.length === 1, 'the event', { everyMs: 10 });
    expect(site.fanOut.threadsRunning()).toBe(0);
  });

  it('sends what a full socket could not take through its stream: a slow reader gets every frame whole and in order', async () => {
    site = await startGateway(0, { maxBufferedBytes: 256 * 1024 * 1024 });
    const reader = await subscriber(site);
    const sleeper = await subscriber(site);
    clients.push(reader.ws, sleeper.ws);
    // The sleeper stops reading: its kernel buffers fill and the direct writes to it come back short or EAGAIN.
    (sleeper.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const bigPadding = 'y'.repeat(60_000);
    let seq = 0;
    while (site.fanOut.counts.unfinished === 0 && seq < 2_000) {
      site.registry.deliver({ channels: [CHANNEL], event: 'lead.created', data: JSON.stringify({ seq, padding: bigPadding }) });
      seq += 1;
      if (seq % 20 === 0) await waitUntil(() => reader.seqs.length === seq, 'the reader to keep up', { everyMs: 10 });
    }
    expect(site.fanOut.counts.unfinished).toBeGreaterThan(0);
    // Events after the first unfinished write wait behind it in the stream.
    for (let more = 0; more < 5; more++) {
      site.registry.deliver({ channels: [CHANNEL], event: 'lead.created', data: JSON.stringify({ seq, padding: bigPadding }) });
      seq += 1;
    }
    (sleeper.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    await waitUntil(() => sleeper.seqs.length === seq && reader.seqs.length === seq, `both sockets to have ${seq} events`, { everyMs: 10 });
    expect(sleeper.seqs).toEqual(inOrder(seq));
    expect(reader.seqs).toEqual(inOrder(seq));
    expect([...sleeper.problems, ...reader.problems]).toEqual([]);
  });
});
