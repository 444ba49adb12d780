import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RailTools } from '../rail';

/**
 * For the adapters' tests only: a local HTTP server on 127.0.0.1 that plays a payout provider. Each test
 * file gives it the provider's answers as the provider's documentation describes them.
 */

export type StandInRequest = { method: string; path: string; headers: Record<string, string>; body: string };
export type StandInAnswer = { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number };
export type StandInHandler = (request: StandInRequest) => StandInAnswer | Promise<StandInAnswer>;

export type StandIn = { baseUrl: string; requests: StandInRequest[]; close(): Promise<void> };

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startStandIn(handler: StandInHandler): Promise<StandIn> {
  const requests: StandInRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((request, response) => {
    void (async () => {
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(request.headers)) if (typeof value === 'string') headers[key] = value;
      const seen: StandInRequest = { method: request.method ?? 'GET', path: request.url ?? '/', headers, body: await readBody(request) };
      requests.push(seen);
      let answer: StandInAnswer;
      try {
        answer = await handler(seen);
      } catch (error) {
        answer = { status: 500, body: { error: String(error) } };
      }
      const respond = () => {
        const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
        response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        response.end(text);
      };
      if (answer.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!response.destroyed) respond();
        }, answer.delayMs);
        timers.add(timer);
      } else respond();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A rail's deadline in tests: short, yet long enough for a loaded machine's quick answers. */
export const TEST_TIMEOUT_MS = 2_000;
/** How long a stand-in answer waits to outlast TEST_TIMEOUT_MS. */
export const PAST_THE_TIMEOUT_MS = TEST_TIMEOUT_MS + 1_500;

/** Tools for a rail under test: real fetch, a short timeout, a clock the test may move. */
export function testTools(overrides: Partial<RailTools> = {}): RailTools {
  return { fetch: globalThis.fetch, timeoutMs: TEST_TIMEOUT_MS, now: () => new Date(), ...overrides };
}

/** Hostile webhook bodies: none may make `parse` throw anything but MalformedWebhookError, nor `verify` throw. */
export const HOSTILE_BODIES: readonly string[] = [
  '',
  'not json',
  '{',
  'null',
  '[]',
  '42',
  '"text"',
  '{}',
  '{"resource":null}',
  '{"event_type":{},"id":[],"resource":"x"}',
  '{"event":"REWARDS.DELIVERY.SUCCEEDED","uuid":"u","payload":{"resource":{"id":{"$gt":1}}}}',
  '{"eventType":"payments.transfers.completed","eventId":"e","data":{"transferId":7,"status":[]}}',
  JSON.stringify({ deep: JSON.parse('['.repeat(500) + ']'.repeat(500)) as unknown }),
  `{"big":"${'x'.repeat(300_000)}"}`,
  '\u0000\u0001\u0002',
];
