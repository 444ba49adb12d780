/** Spec §7: the payload of an answer is read from `data` when the envelope has one, else the answer itself. */
export function envelopeData<T>(body: unknown): T {
  if (typeof body === 'object' && body !== null && 'data' in body) {
    const { data } = body as { data: unknown };
    if (typeof data === 'object' && data !== null) return data as T;
  }
  return body as T;
}
