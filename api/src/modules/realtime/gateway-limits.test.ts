import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import WebSocket from 'ws';
import { DEFAULT_GATEWAY_LIMITS, type GatewayLimits } from '../../config';
import { ChannelRegistry } from './channel-registry';
import { clientAddressResolver } from './client-address';
import { FrameFanOut } from './fan-out';
import { attachGateway, type Gateway } from './gateway';
import { CLOSE_BAD_REQUEST, CLOSE_RATE_LIMITED } from './protocol';
import { signChannelAuth } from './signature';
import { openFrameSocket } from '../../test/frame-socket';
import { waitUntil } from '../../test/wait-until';

const credentials = { key: 'limits-key', secret: 'limits-secret' };
const PUBLIC = ['fake-leads', 'second-public', 'third-public'];

type Frame = { event: string; channel?: string; data?: string };

/** A gateway with its own limits on a bare HTTP server: what the API mounts, without the rest of the API. */
async function startGateway(limits: Partial<GatewayLimits> = {}, clientAddress?: (request: IncomingMessage) => string) {
  const server: Server = createServer((_request, response) => response.end('ok'));
  const gatewayLimits = { ...DEFAULT_GATEWAY_LIMITS, ...limits };
  // Events written as the server writes them: straight to idle sockets, through the stream behind a backlog.
  const registry = new ChannelRegistry(new FrameFanOut({ threads: 0, capacity: gatewayLimits.maxConnections }));
  const gateway: Gateway = attachGateway(server, {
    credentials,
    registry,
    log: Fastify({ logger: false }).log,
    limits: gatewayLimits,
    publicChannels: new Set(PUBLIC),
    clientAddress: clientAddress ?? clientAddressResolver(false),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    registry,
    gateway,
    async stop() {
      gateway.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

type Site = Awaited<ReturnType<typeof startGateway>>;

/** A raw client speaking the Pusher protocol: frames arrive in order, `closed` resolves with the close code. */
async function connect(site: Site, headers: Record<string, string> = {}) {
  const socket = await openFrameSocket<Frame>(`ws://127.0.0.1:${site.port}/app/${credentials.key}?protocol=7&client=js`, headers);
  const { ws, next } = socket;
  const greeting = await next();
  const { socket_id: socketId } = JSON.parse(greeting.data ?? '{}') as { socket_id: string };
  return {
    ...socket,
    socketId,
    subscribe: (channel: string, auth?: string) => ws.send(JSON.stringify({ event: 'pusher:subscribe', data: auth ? { channel, auth } : { channel } })),
  };
}

/** The handshake's HTTP status when the gateway refuses it before upgrading. */
function refusedStatus(site: Site, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${site.port}/app/${credentials.key}?protocol=7`, { headers });
    ws.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('open', () => reject(new Error('the handshake was accepted')));
    ws.on('error', () => {});
  });
}

async function stillServes(site: Site) {
  const client = await connect(site);
  client.send({ event: 'pusher:ping', data: {} });
  expect((await client.next()).event).toBe('pusher:pong');
  client.ws.close();
}

describe('gateway limits', () => {
  const sites: Site[] = [];
  const open = async (limits?: Partial<GatewayLimits>, clientAddress?: (request: IncomingMessage) => string) => {
    const site = await startGateway(limits, clientAddress);
    sites.push(site);
    return site;
  };
  afterEach(async () => {
    await Promise.all(sites.splice(0).map((site) => site.stop()));
  });

  it('refuses a client address past REALTIME_MAX_CONNECTIONS_PER_IP with 429, and lets it in again once one closes', async () => {
    const site = await open({ maxConnectionsPerIp: 3 });
    const clients = await Promise.all([connect(site), connect(site), connect(site)]);
    expect(await refusedStatus(site)).toBe(429);
    clients[0]!.ws.close();
    await clients[0]!.closed;
    await waitUntil(() => site.gateway.connectionCount() === 2, 'the server to let the closed socket go');
    const again = await connect(site);
    expect(again.socketId).toMatch(/^\d+\.\d+$/);
    for (const client of [...clients, again]) client.ws.close();
  });

  it('counts each client address apart (as the trusted proxy reports it)', async () => {
    const site = await open({ maxConnectionsPerIp: 1 }, clientAddressResolver(true));
    const first = await connect(site, { 'X-Forwarded-For': '203.0.113.1' });
    const second = await connect(site, { 'X-Forwarded-For': '203.0.113.2' });
    expect(await refusedStatus(site, { 'X-Forwarded-For': '203.0.113.1' })).toBe(429);
    first.ws.close();
    second.ws.close();
  });

  it('counts an IPv6 client by its /64, so rotating addresses inside it gains no sockets', async () => {
    const site = await open({ maxConnectionsPerIp: 2 }, clientAddressResolver(true));
    const first = await connect(site, { 'X-Forwarded-For': '2001:db8:1:2::1' });
    const second = await connect(site, { 'X-Forwarded-For': '2001:db8:1:2:ffff::9' });
    expect(await refusedStatus(site, { 'X-Forwarded-For': '2001:db8:1:2:abcd::7' })).toBe(429);
    const otherSubscriber = await connect(site, { 'X-Forwarded-For': '2001:db8:1:3::1' });
    for (const client of [first, second, otherSubscriber]) client.ws.close();
  });

  it('refuses any socket past REALTIME_MAX_CONNECTIONS with 503', async () => {
    const site = await open({ maxConnections: 2, maxConnectionsPerIp: 100 });
    const clients = await Promise.all([connect(site), connect(site)]);
    expect(site.gateway.connectionCount()).toBe(2);
    expect(await refusedStatus(site)).toBe(503);
    for (const client of clients) client.ws.close();
  });

  it('lets a socket join the known public channel without authorisation, and no other public name', async () => {
    const site = await open();
    const client = await connect(site);
    client.subscribe('fake-leads');
    expect(await client.next()).toMatchObject({ event: 'pusher_internal:subscription_succeeded', channel: 'fake-leads' });
    client.subscribe('made-up-channel');
    const refused = await client.next();
    expect(refused).toMatchObject({ event: 'pusher:subscription_error', channel: 'made-up-channel' });
    expect(JSON.parse(refused.data!)).toMatchObject({ status: 404 });
    site.registry.deliver({ channels: ['made-up-channel'], event: 'x', data: '{}' });
    client.send({ event: 'pusher:ping', data: {} });
    expect((await client.next()).event).toBe('pusher:pong');
    client.ws.close();
  });

  it('lets a socket join a private channel only with a valid signature for that socket', async () => {
    const site = await open();
    const client = await connect(site);
    client.subscribe('private-user-7');
    expect(JSON.parse((await client.next()).data!)).toMatchObject({ status: 401 });
    client.subscribe('private-user-7', signChannelAuth('123.456', 'private-user-7', credentials));
    expect(JSON.parse((await client.next()).data!)).toMatchObject({ status: 401 });
    client.subscribe('private-user-7', signChannelAuth(client.socketId, 'private-user-7', credentials));
    expect(await client.next()).toMatchObject({ event: 'pusher_internal:subscription_succeeded', channel: 'private-user-7' });
    client.subscribe('presence-room');
    expect(JSON.parse((await client.next()).data!)).toMatchObject({ status: 400 });
    client.ws.close();
  });

  it('refuses subscriptions past REALTIME_MAX_CHANNELS_PER_SOCKET and keeps the socket', async () => {
    const site = await open({ maxChannelsPerSocket: 2 });
    const client = await connect(site);
    client.subscribe('fake-leads');
    client.subscribe('second-public');
    client.subscribe('third-public');
    expect((await client.next()).event).toBe('pusher_internal:subscription_succeeded');
    expect((await client.next()).event).toBe('pusher_internal:subscription_succeeded');
    const refused = await client.next();
    expect(refused).toMatchObject({ event: 'pusher:subscription_error', channel: 'third-public' });
    expect(JSON.parse(refused.data!)).toMatchObject({ status: 429 });
    // Subscribing again to a channel it holds is not a new subscription.
    client.subscribe('fake-leads');
    expect((await client.next()).event).toBe('pusher_internal:subscription_succeeded');
    client.ws.close();
  });

  it('writes broadcast frames beside its own messages whole and in order, small and large', async () => {
    const site = await open();
    const client = await connect(site);
    client.subscribe('fake-leads');
    await client.next();
    site.registry.deliver({ channels: ['fake-leads'], event: 'first', data: '{"n":1}' });
    client.send({ event: 'pusher:ping', data: {} });
    expect((await client.next()).event).toBe('first');
    expect((await client.next()).event).toBe('pusher:pong');
    // Over 65,535 bytes: the frame's 8-byte length form.
    const large = JSON.stringify({ padding: 'x'.repeat(70_000) });
    site.registry.deliver({ channels: ['fake-leads'], event: 'large', data: large });
    site.registry.deliver({ channels: ['fake-leads'], event: 'last', data: '{"n":3}' });
    client.send({ event: 'pusher:ping', data: {} });
    expect(await client.next()).toMatchObject({ event: 'large', channel: 'fake-leads', data: large });
    expect((await client.next()).event).toBe('last');
    expect((await client.next()).event).toBe('pusher:pong');
    client.ws.close();
  });

  it('closes a socket that sends a frame over REALTIME_MAX_MESSAGE_BYTES (1009), only that one', async () => {
    const site = await open({ maxMessageBytes: 512 });
    const bystander = await connect(site);
    const client = await connect(site);
    client.send({ event: 'pusher:ping', data: { padding: 'x'.repeat(600) } });
    expect(await client.closed).toBe(1009);
    bystander.send({ event: 'pusher:ping', data: {} });
    expect((await bystander.next()).event).toBe('pusher:pong');
    await stillServes(site);
    bystander.ws.close();
  });

  it('closes a socket that sends more than REALTIME_MESSAGE_RATE allows (4301), only that one', async () => {
    const site = await open({ messageRate: { max: 5, windowMs: 60_000 } });
    const bystander = await connect(site);
    const client = await connect(site);
    for (let i = 0; i < 8; i++) client.send({ event: 'pusher:ping', data: {} });
    const frames = [await client.next(), await client.next(), await client.next(), await client.next(), await client.next(), await client.next()];
    expect(frames.slice(0, 5).map((frame) => frame.event)).toEqual(Array(5).fill('pusher:pong'));
    expect(frames[5]).toMatchObject({ event: 'pusher:error' });
    expect(JSON.parse(frames[5]!.data!)).toMatchObject({ code: CLOSE_RATE_LIMITED });
    expect(await client.closed).toBe(CLOSE_RATE_LIMITED);
    bystander.send({ event: 'pusher:ping', data: {} });
    expect((await bystander.next()).event).toBe('pusher:pong');
    bystander.ws.close();
  });

  it.each([
    ['text that is not JSON', (ws: WebSocket) => ws.send('{"event":')],
    ['JSON without an event', (ws: WebSocket) => ws.send('{"data":{}}')],
    ['an event that is not a string', (ws: WebSocket) => ws.send('{"event":42}')],
    ['a binary frame', (ws: WebSocket) => ws.send(Buffer.from([0xde, 0xad, 0xbe, 0xef]))],
    ['a subscription without a channel', (ws: WebSocket) => ws.send('{"event":"pusher:subscribe","data":{}}')],
    ['an invalid channel name', (ws: WebSocket) => ws.send('{"event":"pusher:subscribe","data":{"channel":"bad channel!"}}')],
    ['a JSON-encoded string as data', (ws: WebSocket) => ws.send('{"event":"pusher:subscribe","data":"{\\"channel\\":5}"}')],
  ])('closes a socket that sends %s (4300) and keeps serving the others', async (_what, sendBadFrame) => {
    const site = await open();
    const bystander = await connect(site);
    bystander.subscribe('fake-leads');
    await bystander.next();
    const client = await connect(site);
    sendBadFrame(client.ws);
    expect(await client.closed).toBe(CLOSE_BAD_REQUEST);
    site.registry.deliver({ channels: ['fake-leads'], event: 'lead.created', data: '{"name":"Ada L."}' });
    expect(await bystander.next()).toMatchObject({ event: 'lead.created', channel: 'fake-leads' });
    await stillServes(site);
    bystander.ws.close();
  });

  it('closes a socket that does not read once its unsent bytes pass REALTIME_MAX_BUFFERED_BYTES, and keeps feeding the others', async () => {
    const site = await open({ maxBufferedBytes: 64 * 1024 });
    const reader = await connect(site);
    const stalled = await connect(site);
    for (const client of [reader, stalled]) {
      client.subscribe('fake-leads');
      await client.next();
    }
    let read = 0;
    reader.ws.on('message', () => (read += 1));
    // The client stops reading: the kernel's buffers fill, then the gateway's own queue grows.
    (stalled.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const data = JSON.stringify({ padding: 'x'.repeat(8 * 1024) });
    let sent = 0;
    while (site.gateway.connectionCount() === 2 && sent < 20_000) {
      site.registry.deliver({ channels: ['fake-leads'], event: 'bulk', data });
      sent += 1;
      // Time for the reading client to read, as a real one would between events.
      if (sent % 4 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(site.gateway.connectionCount()).toBe(1);
    (stalled.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    expect(await stalled.closed).toBe(1006);
    await waitUntil(() => read >= sent, `the reader to read all ${sent} events`);
    expect(read).toBe(sent);
    reader.ws.close();
  });

  it('pings a silent socket after the activity timeout and closes it when no pong comes in time', async () => {
    // A pong time a busy machine's answering client keeps within; the silent one is still closed after it.
    const site = await open({ activityTimeoutMs: 1_000, pongTimeoutMs: 3_000 });
    const silent = await connect(site);
    const answering = await connect(site);
    answering.ws.on('message', (raw) => {
      if ((JSON.parse(raw.toString()) as Frame).event === 'pusher:ping') answering.send({ event: 'pusher:pong', data: {} });
    });
    const startedAt = Date.now();
    expect((await silent.next()).event).toBe('pusher:ping');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(900);
    expect(await silent.closed).toBe(1006);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(3_900);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(answering.ws.readyState).toBe(WebSocket.OPEN);
    answering.ws.close();
  });

  it('tells pusher-js the activity timeout in whole seconds', async () => {
    const site = await open({ activityTimeoutMs: 45_000 });
    const ws = new WebSocket(`ws://127.0.0.1:${site.port}/app/${credentials.key}?protocol=7`);
    const greeting = await new Promise<Frame>((resolve) => ws.once('message', (raw) => resolve(JSON.parse(raw.toString()) as Frame)));
    expect(JSON.parse(greeting.data!)).toMatchObject({ activity_timeout: 45 });
    ws.close();
  });
});

describe('clientAddressResolver', () => {
  const request = (remoteAddress: string, forwardedFor?: string) =>
    ({ socket: { remoteAddress }, connection: { remoteAddress }, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} }) as unknown as IncomingMessage;

  it('ignores X-Forwarded-For unless a proxy is trusted', () => {
    expect(clientAddressResolver(false)(request('10.0.0.5', '203.0.113.9'))).toBe('10.0.0.5');
  });

  it('reads the address the trusted hops report', () => {
    expect(clientAddressResolver(1)(request('10.0.0.5', '198.51.100.1, 203.0.113.9'))).toBe('203.0.113.9');
    expect(clientAddressResolver(true)(request('10.0.0.5', '198.51.100.1, 203.0.113.9'))).toBe('198.51.100.1');
    expect(clientAddressResolver('10.0.0.5')(request('10.0.0.5', '203.0.113.9'))).toBe('203.0.113.9');
    expect(clientAddressResolver('10.0.0.5')(request('10.0.0.6', '203.0.113.9'))).toBe('10.0.0.6');
  });
});
