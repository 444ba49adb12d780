import { connect } from 'node:net';
import WebSocket from 'ws';
import { appKeyOf } from './gateway';
import { type ServerProcess, PROCESS_TEST_TIMEOUT_MS, startServerProcess } from '../../test/server-process';

/**
 * Sends raw bytes and answers what came back before the server closed the connection, or once its answer's
 * head is complete and 250 ms went by without more (a socket it keeps open: upgraded, or kept alive), or
 * after 2 s of silence.
 */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const done = () => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(2000, done);
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n\r\n')) socket.setTimeout(250);
    });
    socket.on('end', done);
    socket.on('error', done);
    socket.on('close', done);
    socket.write(text, 'latin1');
  });
}

const upgradeTo = (target: string, extraHeaders = '') =>
  `GET ${target} HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
  `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n${extraHeaders}\r\n`;

const HOSTILE_HANDSHAKES: ReadonlyArray<[string, string]> = [
  ['a key that is not valid percent-encoding', upgradeTo('/app/%E0%A4%A?protocol=7')],
  ['a lone percent sign as the key', upgradeTo('/app/%?protocol=7&client=js')],
  ['a malformed query', upgradeTo('/app/rewards-dev-key?protocol=%&client=%E0')],
  ['an empty authority ("//")', upgradeTo('//')],
  ['an absolute-form target', upgradeTo('http://evil.example/app/rewards-dev-key')],
  ['an asterisk target', upgradeTo('*')],
  ['control characters in the key', upgradeTo('/app/%00%01%7F?protocol=7')],
  ['a 6 KB key', upgradeTo(`/app/${'k'.repeat(6000)}`)],
  ['no Sec-WebSocket-Key', 'GET /app/rewards-dev-key HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n'],
  ['an unknown WebSocket version', upgradeTo('/app/rewards-dev-key').replace('Version: 13', 'Version: 99')],
  ['a bad extension header', upgradeTo('/app/rewards-dev-key', 'Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits=%%\r\n')],
  ['a garbage protocol list', upgradeTo('/app/rewards-dev-key', 'Sec-WebSocket-Protocol: ,,,\u0001\r\n')],
  ['an upgrade to something else', upgradeTo('/app/rewards-dev-key').replace('Upgrade: websocket', 'Upgrade: h2c')],
];

const HOSTILE_FRAMES: ReadonlyArray<[string, (ws: WebSocket) => void]> = [
  ['text that is not JSON', (ws) => ws.send('{{{{')],
  ['a binary frame', (ws) => ws.send(Buffer.alloc(64, 0xff))],
  ['a frame over the size limit', (ws) => ws.send(JSON.stringify({ event: 'pusher:ping', data: 'x'.repeat(64 * 1024) }))],
  ['a flood of pings', (ws) => { for (let i = 0; i < 500; i++) ws.send('{"event":"pusher:ping","data":{}}'); }],
  ['a flood of subscriptions to made-up channels', (ws) => { for (let i = 0; i < 30; i++) ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: `made-up-${i}` } })); }],
  ['a private channel with a forged signature', (ws) => ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'private-user-1', auth: 'rewards-dev-key:00' } }))],
  ['prototype keys as data', (ws) => ws.send('{"event":"pusher:subscribe","data":{"__proto__":{"channel":"fake-leads"},"constructor":1}}')],
];

/** Opens a socket on the real server, lets `misbehave` act, and answers how the server ended it (or 'open'). */
function misbehaveOn(port: number, misbehave: (ws: WebSocket) => void): Promise<number | 'open'> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/rewards-dev-key?protocol=7&client=js`);
    const timer = setTimeout(() => {
      ws.terminate();
      resolve('open');
    }, 1500);
    ws.once('message', () => misbehave(ws));
    ws.on('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    ws.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

describe('the gateway under hostile handshakes (a real server process)', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess();
  }, PROCESS_TEST_TIMEOUT_MS);
  afterAll(() => server.stop());

  it.each(HOSTILE_HANDSHAKES)('survives %s and keeps serving', async (_what, request) => {
    await rawRequest(server.port, request);
    expect(server.isRunning()).toBe(true);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
  });

  it.each(HOSTILE_FRAMES)('survives a socket sending %s and keeps serving', async (_what, misbehave) => {
    await misbehaveOn(server.port, misbehave);
    expect(server.isRunning()).toBe(true);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
  });

  it('closes the socket that sends a bad frame', async () => {
    expect(await misbehaveOn(server.port, (ws) => ws.send('{{{{'))).toBe(4300);
    expect(await misbehaveOn(server.port, (ws) => ws.send(Buffer.alloc(64 * 1024, 120)))).toBe(1009);
  });

  it('answers a handshake with a malformed key as an unknown app, on that socket only', async () => {
    const answer = await rawRequest(server.port, upgradeTo('/app/%E0%A4%A?protocol=7'));
    expect(answer).toMatch(/^HTTP\/1\.1 (101|400|404)/);
    expect(server.isRunning()).toBe(true);
    expect(server.output()).not.toMatch(/URIError/);
  });
});

describe('appKeyOf', () => {
  it.each([
    ['/app/rewards-dev-key?protocol=7', 'rewards-dev-key'],
    ['/app/a%20b', 'a b'],
    ['/app/%E0%A4%A', undefined],
    ['/app/%', undefined],
    ['//', undefined],
    ['*', undefined],
    ['http://evil.example/app/key', undefined],
    ['/app/key/more', undefined],
    [undefined, undefined],
  ])('reads %p as %p', (target, key) => {
    expect(appKeyOf(target)).toBe(key);
  });
});
