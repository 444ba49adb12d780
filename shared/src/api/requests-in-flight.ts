// The API's part of the state, present once RTK Query has loaded (see loaded-api.ts).
type ApiStateSlice = { api?: { queries: Record<string, { status: string } | undefined>; mutations: Record<string, { status: string } | undefined> } };

/** True while any call of any remote is waiting for its answer (the shell's global indicator). */
export function selectRequestsInFlight(state: ApiStateSlice): boolean {
  if (!state.api) return false;
  const pending = (entry: { status: string } | undefined) => entry?.status === 'pending';
  return Object.values(state.api.queries).some(pending) || Object.values(state.api.mutations).some(pending);
}
