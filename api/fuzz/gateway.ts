import { connect } from 'node:net';
import fc from 'fast-check';
import WebSocket from 'ws';
import { encodeUtf8 } from './requests';

/** What the gateway fuzz saw: handshakes by answer, sockets by how they ended, and what counts against it. */
export type GatewayTally = {
  handshakes: number;
  sockets: number;
  frames: number;
  byAnswer: Record<string, number>;
  serverErrors: number;
  failures: Array<{ problem: string; seed: number; index: number; detail: string }>;
};

const APP_KEY = 'rewards-dev-key';

const nasty = fc.oneof(
  fc.constantFrom('', '%', '%zz', '%E0%A4%A', '%00', '%FF', '..', '__proto__', 'constructor', 'a'.repeat(5000), '1e308', '-0', 'NaN', '\u202e', '😀', APP_KEY),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
/** What a request line can carry: visible ASCII, the rest escaped; a `%` stays raw, so escapes may be malformed. */
const urlSafe = (text: string) => text.replace(/[^\x21-\x7e]|[#?]/g, (character) => encodeUtf8(character));
const headerSafe = (text: string) => text.replace(/[^\t\x20-\x7e]/g, '?');

const target = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(nasty, fc.array(fc.tuple(nasty, nasty), { maxLength: 4 })).map(([key, query]) => `/app/${urlSafe(key)}?${query.map(([name, value]) => `${urlSafe(name)}=${urlSafe(value)}`).join('&')}`) },
  { weight: 1, arbitrary: fc.constantFrom('//', '*', '/app/', '/app', `/app/${APP_KEY}/x`, `http://evil.example/app/${APP_KEY}`, '/apps/rewards-dev/events', '/api/health', `/APP/${APP_KEY}`) },
  { weight: 1, arbitrary: nasty.map((text) => `/${urlSafe(text)}`) },
);

const handshakeHeaders = fc.record({
  key: fc.oneof(fc.constant('dGhlIHNhbXBsZSBub25jZQ=='), nasty.map(headerSafe), fc.constant(undefined)),
  version: fc.oneof(fc.constant('13'), fc.constantFrom('8', '99', '', '13, 8', '-1', '1e308')),
  upgrade: fc.constantFrom('websocket', 'WebSocket', 'h2c', '', 'websocket, h2c'),
  connection: fc.constantFrom('Upgrade', 'upgrade, keep-alive', 'close', ''),
  extras: fc.array(
    fc.tuple(
      fc.constantFrom('Sec-WebSocket-Extensions', 'Sec-WebSocket-Protocol', 'Origin', 'X-Forwarded-For', 'Cookie', 'Authorization', 'Content-Length', 'Transfer-Encoding', 'Host'),
      fc.oneof(nasty.map(headerSafe), fc.constantFrom('permessage-deflate; client_max_window_bits=%%', 'permessage-deflate; server_max_window_bits=99', ',,,', 'chunked', '-1', '99999999999', '1.2.3.4, ::1')),
    ),
    { maxLength: 4 },
  ),
});

const handshake = fc.tuple(target, handshakeHeaders).map(([path, headers]) => {
  const lines = [`GET ${path} HTTP/1.1`, 'Host: localhost'];
  if (headers.upgrade) lines.push(`Upgrade: ${headers.upgrade}`);
  if (headers.connection) lines.push(`Connection: ${headers.connection}`);
  if (headers.key !== undefined) lines.push(`Sec-WebSocket-Key: ${headers.key}`);
  lines.push(`Sec-WebSocket-Version: ${headers.version}`);
  for (const [name, value] of headers.extras) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
});

const jsonish: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom({ channel: 'fake-leads' }, { channel: 'private-user-1', auth: `${APP_KEY}:00` }, { channel: 'private-user-1', auth: 42 }, { channel: '__proto__' }, { channel: 'x'.repeat(200) }, { channel: ['a'] }, null),
  fc.record({ channel: nasty, auth: fc.oneof(nasty, fc.constant(`${APP_KEY}:${'0'.repeat(64)}`)), channel_data: nasty }, { requiredKeys: [] }),
);

/** One frame a client might send: protocol events with odd data, strings that are not JSON, binary, over the size limit. */
const frame: fc.Arbitrary<string | Buffer> = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.constantFrom('pusher:ping', 'pusher:pong', 'pusher:subscribe', 'pusher:unsubscribe', 'client-x', 'pusher:signin', '__proto__', ''), jsonish, fc.boolean()).map(([event, data, asString]) => JSON.stringify({ event, data: asString ? JSON.stringify(data) : data })) },
  { weight: 1, arbitrary: fc.constantFrom('{"event":"pusher:subscribe","data":{"__proto__":{"channel":"fake-leads"}}}', '{"event":"pusher:subscribe","data":"{\\"channel\\":\\"fake-leads\\"', '{{{', '', 'null', '[]', '"x"', '{"event":1}', '{"event":"pusher:ping","data":1e308}') },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 100 }) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)) },
  { weight: 1, arbitrary: fc.constant(JSON.stringify({ event: 'pusher:ping', data: 'x'.repeat(8 * 1024) })) },
);

/** Sends raw bytes and answers the status line that came back ('' if the server closed without one). */
function rawExchange(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const done = () => {
      socket.destroy();
      resolve(answer.split('\r\n', 1)[0] ?? '');
    };
    socket.setTimeout(1500, done);
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n')) done();
    });
    socket.on('end', done);
    socket.on('error', done);
    socket.on('close', done);
    socket.write(text, 'latin1');
  });
}

/** Opens a socket on the app key, sends `frames`, and answers how it ended: a close code, or 'open'. */
function socketSession(port: number, frames: Array<string | Buffer>): Promise<number | 'open' | 'error'> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${APP_KEY}?protocol=7&client=fuzz`);
    const timer = setTimeout(() => {
      ws.terminate();
      resolve('open');
    }, 600);
    ws.once('message', () => {
      for (const item of frames) if (ws.readyState === ws.OPEN) ws.send(item);
    });
    ws.on('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    ws.on('error', () => {
      clearTimeout(timer);
      resolve('error');
    });
  });
}

/**
 * Hostile handshakes (raw bytes) and hostile frames on open sockets against a listening server. A 5xx
 * status line, or a socket closed with 1011 (internal error), counts against the gateway.
 */
export async function fuzzGateway({ port, seed, handshakes, sockets, concurrency = 8 }: { port: number; seed: number; handshakes: number; sockets: number; concurrency?: number }): Promise<GatewayTally> {
  const tally: GatewayTally = { handshakes: 0, sockets: 0, frames: 0, byAnswer: {}, serverErrors: 0, failures: [] };
  const count = (answer: string) => (tally.byAnswer[answer] = (tally.byAnswer[answer] ?? 0) + 1);
  const fail = (problem: string, index: number, detail: string) => {
    tally.serverErrors += 1;
    if (tally.failures.length < 20) tally.failures.push({ problem, seed, index, detail: detail.slice(0, 300) });
  };

  const requests = fc.sample(handshake, { seed, numRuns: handshakes });
  await inParallel(requests, concurrency, async (request, index) => {
    const statusLine = await rawExchange(port, request);
    tally.handshakes += 1;
    const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? (statusLine === '' ? 'closed' : 'other');
    count(status);
    if (status.startsWith('5')) fail(`handshake answered ${statusLine}`, index, request);
  });

  const sessions = fc.sample(fc.array(frame, { minLength: 1, maxLength: 12 }), { seed: seed + 1, numRuns: sockets });
  await inParallel(sessions, Math.min(concurrency, 16), async (frames, index) => {
    const ending = await socketSession(port, frames);
    tally.sockets += 1;
    tally.frames += frames.length;
    count(`socket ${ending}`);
    if (ending === 1011) fail('socket closed with 1011 (internal error)', index, frames.map(String).join(' | '));
  });
  return tally;
}

async function inParallel<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}
