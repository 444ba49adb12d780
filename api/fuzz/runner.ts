import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { isErrorCode } from '@rewards/shared/contracts/error-codes';
import { carefulSweep, type FuzzContext, type FuzzRequest, fuzzRequest } from './requests';

/** What went wrong with one request: enough to send it again by hand. */
export type FuzzFailure = { problem: string; seed: number; index: number; method: string; url: string; headers: Record<string, string>; body: string; status?: number; answer?: string };

export type FuzzTally = {
  requests: number;
  byStatus: Record<string, number>;
  serverErrors: number;
  /** Huge bodies answered 413 (their limit) out of those sent to a route that takes bodies. */
  bodyLimited: { sent: number; answered413: number };
  /** Errors that escaped a handler into the process (uncaught exceptions, unhandled rejections). */
  crashes: number;
  failures: FuzzFailure[];
  routesHit: Set<string>;
  /** 2xx answers per route: proof that requests got past validation and sign-in to the handlers' work. */
  acceptedByRoute: Record<string, number>;
};

export type FuzzRunOptions = {
  app: FastifyInstance;
  context: () => FuzzContext;
  seed: number;
  requests: number;
  /** Stop early (with what was sent so far) after this long; the count is reported. */
  timeLimitMs?: number;
  /** The time limit stops no pass before it has sent this many (a slow machine takes longer, not fewer). */
  minRequests?: number;
  concurrency?: number;
  /** Called between batches, e.g. to sign up again users the fuzzer deleted or signed out. */
  beforeBatch?: () => Promise<void>;
  onProgress?: (tally: FuzzTally) => void;
};

const BATCH = 250;
const KEEP_FAILURES = 20;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

export function newTally(): FuzzTally {
  return { requests: 0, byStatus: {}, serverErrors: 0, bodyLimited: { sent: 0, answered413: 0 }, crashes: 0, failures: [], routesHit: new Set(), acceptedByRoute: {} };
}

/**
 * Sends `requests` generated requests (batch i generated from seed + i, so a failure is found again from
 * its seed and index) through `app.inject`, `concurrency` at a time, and tallies the answers.
 */
export async function runFuzz(options: FuzzRunOptions): Promise<FuzzTally> {
  const { app, seed, requests, timeLimitMs = Number.POSITIVE_INFINITY, minRequests = 0, concurrency = 8 } = options;
  const tally = newTally();
  const started = Date.now();
  const inTime = () => tally.requests < minRequests || Date.now() - started < timeLimitMs;
  for (let batch = 0; tally.requests < requests && inTime(); batch++) {
    await options.beforeBatch?.();
    const context = options.context();
    const count = Math.min(BATCH, requests - tally.requests);
    const generated = [...(batch === 0 ? carefulSweep(context, seed) : []), ...fc.sample(fuzzRequest(context), { seed: seed + batch, numRuns: count })];
    let next = 0;
    const worker = async () => {
      while (next < generated.length && inTime()) {
        const index = next++;
        const request = generated[index]!;
        await Promise.all(Array.from({ length: request.copies }, () => sendOne(app, request, context, tally, { seed: seed + batch, index })));
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    options.onProgress?.(tally);
  }
  return tally;
}

async function sendOne(app: FastifyInstance, request: FuzzRequest, context: FuzzContext, tally: FuzzTally, at: { seed: number; index: number }) {
  tally.requests += 1;
  tally.routesHit.add(request.route);
  const fail = (problem: string, status?: number, answer?: string) => {
    if (tally.failures.length >= KEEP_FAILURES) return;
    tally.failures.push({ problem, ...at, method: request.method, url: request.url, headers: request.headers, body: (request.body ?? '').slice(0, 300), status, answer: answer?.slice(0, 300) });
  };
  let response;
  try {
    response = await app.inject({ method: request.method as 'GET', url: request.url, headers: request.headers, ...(request.body === undefined ? {} : { payload: request.body }) });
  } catch (error) {
    // light-my-request refuses some requests a socket could not carry either; anything else is ours.
    const message = error instanceof Error ? error.message : String(error);
    tally.byStatus.refused = (tally.byStatus.refused ?? 0) + 1;
    if (!/invalid (header|method|character)|Invalid URL|ERR_INVALID/i.test(message)) fail(`inject threw: ${message}`);
    return;
  }
  const status = response.statusCode;
  tally.byStatus[status] = (tally.byStatus[status] ?? 0) + 1;
  if (status >= 200 && status < 300) tally.acceptedByRoute[request.route] = (tally.acceptedByRoute[request.route] ?? 0) + 1;
  if (status >= 500) {
    tally.serverErrors += 1;
    fail('5xx answer', status, response.body);
  }
  const unlisted = unlistedErrorCode(status, response.headers['content-type'], response.body);
  if (unlisted !== undefined) fail(`error answer with code ${unlisted}, which shared/src/contracts/error-codes.ts does not list`, status, response.body);
  const route = context.routes.find((candidate) => candidate.url === request.route);
  if (request.bodyLimited && route?.methods.includes(request.method) && BODY_METHODS.has(request.method)) {
    tally.bodyLimited.sent += 1;
    if (status === 413) tally.bodyLimited.answered413 += 1;
    else if (status < 400) fail(`a body of ${request.body?.length} bytes was accepted`, status, response.body);
  }
}

/**
 * The code of a JSON error answer that carries none or one not listed in ERROR_CODES (as text), else
 * undefined: every refusal must name a code the UI can translate.
 */
export function unlistedErrorCode(status: number, contentType: unknown, body: string): string | undefined {
  if (status < 400 || typeof contentType !== 'string' || !contentType.includes('json')) return undefined;
  let answer: unknown;
  try {
    answer = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof answer !== 'object' || answer === null || (answer as { status?: unknown }).status !== 'error') return undefined;
  const { code } = answer as { code?: unknown };
  return isErrorCode(code) ? undefined : String(code);
}
