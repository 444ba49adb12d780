import { timingSafeEqual } from 'node:crypto';
import type { RailTools } from '../rail';

/**
 * What the provider adapters share: one JSON call with a timeout that never throws for an answer, reading
 * bodies defensively, and comparing signatures in constant time.
 */

/** A provider's answer: its HTTP status and its body read as JSON (undefined when it is not JSON). */
export type ProviderAnswer = { status: number; body: unknown; headers: Headers };

/** Bodies larger than this are not read (a provider's answer is a few kilobytes). */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** The deadline of one rail operation: every call it makes together gives up after `tools.timeoutMs`. */
export const operationDeadline = (tools: RailTools): AbortSignal => AbortSignal.timeout(tools.timeoutMs);

/**
 * One call to a provider, giving up at `init.signal` (an operation's deadline) or else after
 * `tools.timeoutMs`. Throws only when no answer came (timeout, network); callers map that to `retryable` /
 * `unreachable`.
 */
export async function callProvider(tools: RailTools, url: string, init: RequestInit): Promise<ProviderAnswer> {
  const response = await tools.fetch(url, { ...init, signal: init.signal ?? AbortSignal.timeout(tools.timeoutMs) });
  const text = await response.text();
  let body: unknown;
  if (text.length > 0 && text.length <= MAX_ANSWER_BYTES) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  return { status: response.status, body, headers: response.headers };
}

/** Why a call got no answer, for a `reason` (never the request, which may carry credentials). */
export function noAnswerReason(provider: string, error: unknown): string {
  // Duck-typed: an abort arrives as a DOMException, which is not always an Error of this realm.
  const name = isRecord(error) || error instanceof Error ? String((error as { name?: unknown }).name ?? 'Error') : 'Error';
  return name === 'TimeoutError' || name === 'AbortError' ? `${provider} did not answer in time` : `${provider} could not be reached (${name})`;
}

/** Whether an HTTP status means "try again later with the same id": timeouts, rate limits, server errors. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

/** Seconds of a Retry-After header as milliseconds, when it is a small number. */
export function retryAfterMs(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  return value !== null && /^\d{1,5}$/.test(value.trim()) ? Number(value.trim()) * 1000 : undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string field of an object, else undefined. */
export function stringField(value: unknown, key: string): string | undefined {
  if (!isRecord(value)) return undefined;
  const field = value[key];
  return typeof field === 'string' ? field : undefined;
}

export function recordField(value: unknown, key: string): Record<string, unknown> | undefined {
  if (!isRecord(value)) return undefined;
  const field = value[key];
  return isRecord(field) ? field : undefined;
}

export function arrayField(value: unknown, key: string): unknown[] {
  if (!isRecord(value)) return [];
  const field = value[key];
  return Array.isArray(field) ? field : [];
}

/** A provider's text cut short and stripped of control characters, fit for a `reason`. */
export function shortText(text: string | undefined, max = 160): string | undefined {
  if (text === undefined) return undefined;
  const clean = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** Constant-time equality of two strings (false for different lengths). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Parses a webhook body as JSON; undefined for anything else. */
export function parseJson(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody) as unknown;
  } catch {
    return undefined;
  }
}

/** The base URL without trailing slashes. */
export const trimBase = (baseUrl: string) => baseUrl.replace(/\/+$/, '');
