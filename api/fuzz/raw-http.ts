import { connect } from 'node:net';
import fc from 'fast-check';

/** Malformed HTTP sent as bytes on a socket: what `app.inject` cannot send (the parser, framing, lengths). */
export type RawHttpTally = { sent: number; byAnswer: Record<string, number>; serverErrors: number; failures: Array<{ seed: number; index: number; request: string; answer: string }> };

const ROUTES = ['/api/health', '/api/user/Login', '/api/Cashout/Store', '/api/postback/demo', '/apps/rewards-dev/events', '/', '/api/contact', '/runtime-config.json'];

const target = fc.oneof(
  fc.constantFrom(...ROUTES),
  fc.constantFrom('*', '//', 'http://evil.example/api/health', '/api/health#x', '/api/health?a=%', '/%', '/%00', `/${'a'.repeat(20_000)}`, '/api/../../etc/passwd', '\\api\\health', ''),
  fc.string({ unit: 'binary-ascii', maxLength: 30 }).map((text) => `/${text.replace(/[\s]/g, '')}`),
);
// Well-formed often enough that chunked bodies, odd lengths and encodings reach the routes.
const someTarget = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ROUTES) }, target);
const method = fc.oneof({ weight: 4, arbitrary: fc.constantFrom('GET', 'POST') }, fc.constantFrom('get', 'PUT', 'DELETE', 'OPTIONS', 'HEAD', 'CONNECT', 'PRI', 'BREW', 'G\u0000T', ''));
const version = fc.oneof({ weight: 6, arbitrary: fc.constantFrom('HTTP/1.1', 'HTTP/1.0') }, fc.constantFrom('HTTP/0.9', 'HTTP/1.2', 'HTTP/2.0', 'HTTP/1.1 extra', 'http/1.1', ''));

const header = fc.oneof(
  fc.constantFrom(
    'Content-Length: 5',
    'Content-Length: -1',
    'Content-Length: 1e3',
    'Content-Length: 99999999999999999999',
    'Content-Length: 5\r\nContent-Length: 6',
    'Transfer-Encoding: chunked',
    'Transfer-Encoding: gzip, chunked',
    'Transfer-Encoding: chunked\r\nContent-Length: 3',
    'Transfer-Encoding: identity',
    'Content-Type: application/json',
    'Content-Type: application/x-www-form-urlencoded',
    'Content-Encoding: gzip',
    'Content-Encoding: br',
    'Expect: 100-continue',
    'Expect: 999-nope',
    'Connection: keep-alive',
    'Connection: close',
    'Upgrade: h2c',
    'Authorization: Bearer x',
    'Cookie: auth_token=x; auth_token=y',
    'Host: ',
    'Host: a\r\nHost: b',
    'X-Forwarded-For: 1.2.3.4, garbage, ::1',
    ' folded: line',
    'NoColonHere',
    ': empty-name',
    'Bad Name: x',
    'X-Nul: a\u0000b',
    'X-Ctl: \u0001',
    'X-Latin: \u00e9',
    `X-Huge: ${'h'.repeat(20_000)}`,
  ),
  fc.tuple(fc.stringMatching(/^[A-Za-z-]{1,20}$/), fc.string({ unit: 'binary-ascii', maxLength: 40 }), fc.boolean()).map(([name, value, anyBytes]) => `${name}: ${value.replace(anyBytes ? /[\r\n]/g : /[^\x20-\x7e]/g, '')}`),
);
const headers = fc.oneof({ weight: 3, arbitrary: fc.array(header, { maxLength: 1 }) }, fc.array(header, { maxLength: 6 }));

const body = fc.oneof(
  fc.constant(''),
  fc.constantFrom('{"email":"a@b.c","password":"x"}', '5\r\nhello\r\n0\r\n\r\n', 'zz\r\nhello\r\n0\r\n\r\n', 'ffffffffffffffff\r\nx\r\n', '0\r\n\r\n', '\u001f\u008b\u0008garbage', 'a=1&a=2&__proto__[x]=1'),
  fc.string({ unit: 'binary-ascii', maxLength: 200 }),
);

const rawRequest = fc
  .record({ method, target: someTarget, version, headers, body, pipelined: fc.boolean() })
  .map(({ method: verb, target: path, version: protocol, headers, body: content, pipelined }) => {
    const request = `${verb} ${path} ${protocol}`.trim() + '\r\nHost: localhost\r\n' + headers.map((line) => `${line}\r\n`).join('') + '\r\n' + content;
    return pipelined ? `${request}GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n` : request;
  });

/** Sends bytes; answers every status line that came back before the server closed (or half a second of silence). */
function exchange(port: number, text: string): Promise<string[]> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const done = () => {
      socket.destroy();
      resolve([...answer.matchAll(/HTTP\/1\.[01] (\d{3})/g)].map((match) => match[1]!));
    };
    socket.setTimeout(500, done);
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('end', done);
    socket.on('error', done);
    socket.on('close', done);
    socket.write(text, 'latin1');
  });
}

/**
 * Malformed requests on real sockets. A 5xx answer counts against the server, but for 505 to a request line
 * whose version is not HTTP/1.x: that answer comes from Node's parser and is the right one.
 */
export async function fuzzRawHttp({ port, seed, requests, concurrency = 16 }: { port: number; seed: number; requests: number; concurrency?: number }): Promise<RawHttpTally> {
  const tally: RawHttpTally = { sent: 0, byAnswer: {}, serverErrors: 0, failures: [] };
  const generated = fc.sample(rawRequest, { seed, numRuns: requests });
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < generated.length) {
        const index = next++;
        const request = generated[index]!;
        const statuses = await exchange(port, request);
        tally.sent += 1;
        for (const status of statuses.length > 0 ? statuses : ['closed']) {
          tally.byAnswer[status] = (tally.byAnswer[status] ?? 0) + 1;
          const badVersion = status === '505' && !/^[^\r\n]* HTTP\/1\.[01]\r\n/.test(request);
          if (status.startsWith('5') && !badVersion) {
            tally.serverErrors += 1;
            if (tally.failures.length < 20) tally.failures.push({ seed, index, request: request.slice(0, 400), answer: status });
          }
        }
      }
    }),
  );
  return tally;
}
