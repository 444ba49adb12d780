import { connect } from 'node:net';
import { appKeyOf } from './gateway';
import { type ServerProcess, startServerProcess } from '../../test/server-process';

/** Sends raw bytes and answers what came back before the server closed the connection (or 2 s passed). */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const done = () => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(2000, done);
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
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

describe('the gateway under hostile handshakes (a real server process)', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess();
  }, 90_000);
  afterAll(() => server.stop());

  it.each(HOSTILE_HANDSHAKES)('survives %s and keeps serving', async (_what, request) => {
    await rawRequest(server.port, request);
    expect(server.isRunning()).toBe(true);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
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
