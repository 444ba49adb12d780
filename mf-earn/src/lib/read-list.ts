/** Spec §7: a list is read from `data.data` or `data`; anything else counts as an empty list. */
export function readList<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  if (typeof body !== 'object' || body === null) return [];
  const data = (body as { data?: unknown }).data;
  if (Array.isArray(data)) return data as T[];
  if (typeof data === 'object' && data !== null) {
    const inner = (data as { data?: unknown }).data;
    if (Array.isArray(inner)) return inner as T[];
  }
  return [];
}
