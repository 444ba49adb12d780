// An open-loop load generator: requests leave evenly spaced at a fixed rate whatever the server does, over a
// pool of keep-alive connections. autocannon's `overallRate` is a per-second quota per connection instead: each
// second's requests leave as one burst, and its latencies are those of that burst's queue. Here latency counts
// from the moment a request was due, not from when it could be sent (corrected for coordinated omission), so a
// stalled server, a full connection pool or a late timer shows in every request it delayed.
import http from 'node:http';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

export type PacedRequest = { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };

export type PacedLoadOptions = {
  url: string;
  /** Requests per second. */
  rate: number;
  durationS: number;
  /** Keep-alive connections; a request due while all are busy waits for one (its wait counts as latency). */
  connections: number;
  /** Requests in flight (sent or waiting for a connection) beyond which a due request is not sent and counts as failed. */
  maxInFlight: number;
  /** A request still unanswered this long after the last one was due is abandoned and counts as failed. */
  timeoutMs: number;
  /** The request to send as number `index` (0, 1, …). */
  request: (index: number) => PacedRequest;
};

export type PacedLoadResult = {
  /** Answers (any status) per second, from the start to the last answer. */
  rps: number;
  answered: number;
  /** Latency from each answered request's due time to its last byte, in ms. */
  p50: number;
  p99: number;
  max: number;
  /** Non-2xx answers, errors, abandoned requests and requests never sent (over `maxInFlight`). */
  failures: number;
  unsent: number;
  /** Bytes read from the server (headers and bodies) per answer. */
  bytesPerAnswer: number;
};

/** When request `index` is due, in ms after the start: evenly spaced at `rate` per second. */
export function dueAtMs(index: number, rate: number): number {
  return (index * 1000) / rate;
}

/** How many of a run's `total` requests are due `elapsedMs` after its start: those with dueAtMs <= elapsedMs. */
export function dueBy(elapsedMs: number, rate: number, total: number): number {
  // The estimate can be one off where floating point rounds index * 1000 / rate; settle it against dueAtMs itself.
  let count = Math.max(0, Math.min(total, Math.floor((elapsedMs * rate) / 1000) + 1));
  while (count > 0 && dueAtMs(count - 1, rate) > elapsedMs) count -= 1;
  while (count < total && dueAtMs(count, rate) <= elapsedMs) count += 1;
  return count;
}

/** The nearest-rank percentile (0 < p <= 100) of values sorted in ascending order; NaN when there are none. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (!(p > 0 && p <= 100)) throw new Error(`percentile must be in (0, 100], got ${p}`);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.ceil((p / 100) * sorted.length) - 1]!;
}

export async function pacedLoad(options: PacedLoadOptions): Promise<PacedLoadResult> {
  const { rate, connections, maxInFlight, timeoutMs } = options;
  if (!(rate > 0) || !(options.durationS > 0)) throw new Error('rate and duration must be positive');
  const target = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const sockets = new Set<Socket>();
  const total = Math.round(rate * options.durationS);
  const latencies = new Float64Array(total);
  let answered = 0;
  let failures = 0;
  let unsent = 0;
  let inFlight = 0;
  let lastAnswerAt = 0;
  const pending = new Set<http.ClientRequest>();
  let settle: () => void = () => {};
  const settled = new Promise<void>((resolve) => (settle = resolve));
  let next = 0;
  const start = performance.now();

  const finishIfDone = () => {
    if (next === total && inFlight === 0) settle();
  };

  const send = (index: number) => {
    const dueAt = start + dueAtMs(index, rate);
    if (inFlight >= maxInFlight) {
      unsent += 1;
      failures += 1;
      return;
    }
    const { method, path, headers, body } = options.request(index);
    inFlight += 1;
    let done = false;
    const complete = (failed: boolean, latency?: number) => {
      if (done) return;
      done = true;
      inFlight -= 1;
      pending.delete(request);
      if (failed) failures += 1;
      if (latency !== undefined) {
        latencies[answered++] = latency;
        lastAnswerAt = performance.now();
      }
      finishIfDone();
    };
    const request = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method,
        path,
        headers: { ...headers, ...(method === 'POST' ? { 'content-length': String(Buffer.byteLength(body ?? '')) } : {}) },
        timeout: timeoutMs,
      },
      (response) => {
        response.resume();
        response.once('end', () => {
          const status = response.statusCode ?? 0;
          complete(status < 200 || status >= 300, performance.now() - dueAt);
        });
        // Cut off before its end (abandoned, the connection lost): 'close' without 'end'.
        response.once('close', () => complete(true));
        response.on('error', () => complete(true));
      },
    );
    pending.add(request);
    request.once('socket', (socket) => sockets.add(socket));
    request.once('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', () => complete(true));
    request.end(body);
  };

  const tick = () => {
    const due = dueBy(performance.now() - start, rate, total);
    while (next < due) send(next++);
    if (next < total) setTimeout(tick, Math.max(0, start + dueAtMs(next, rate) - performance.now()));
    else finishIfDone();
  };
  // Requests still unanswered `timeoutMs` after the last one was due (a stalled server) are abandoned as failures.
  const abandon = setTimeout(
    () => {
      for (const request of pending) request.destroy(new Error('abandoned'));
    },
    dueAtMs(total, rate) + timeoutMs,
  );
  tick();
  await settled;
  clearTimeout(abandon);
  agent.destroy();

  const answeredLatencies = latencies.subarray(0, answered).sort();
  const bytesRead = [...sockets].reduce((sum, socket) => sum + socket.bytesRead, 0);
  const seconds = Math.max(options.durationS, (lastAnswerAt - start) / 1000);
  return {
    rps: answered / seconds,
    answered,
    p50: percentile(answeredLatencies, 50),
    p99: percentile(answeredLatencies, 99),
    max: percentile(answeredLatencies, 100),
    failures,
    unsent,
    bytesPerAnswer: answered > 0 ? bytesRead / answered : 0,
  };
}
