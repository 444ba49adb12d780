/**
 * Reading the payload out of a successful answer. The base query decodes failures (status, message,
 * errors); a success keeps its envelope, and spec §7 lets the payload sit in `data.data`, in `data`, or be
 * the answer itself.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function dataOf(value: unknown): unknown {
  return isRecord(value) && 'data' in value ? value.data : value;
}

/** Spec §7: `data.data` when it holds an object or a list, else `data`, else the answer itself. */
function envelopePayload(body: unknown): unknown {
  const data = dataOf(body);
  const inner = dataOf(data);
  return typeof inner === 'object' && inner !== null ? inner : data;
}

/** An object payload (cashout stats, a history page), typed as the endpoint declares it. */
export function envelopeData<T extends object>(body: unknown): T {
  return envelopePayload(body) as T;
}

/** A list payload (offers, my offers); anything that is not a list reads as an empty one (spec §7). */
export function envelopeList<T>(body: unknown): T[] {
  const payload = envelopePayload(body);
  return Array.isArray(payload) ? (payload as T[]) : [];
}
