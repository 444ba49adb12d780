let apiBase = '/api';

/**
 * Where the API answers, set once by the shell from the runtime config before the first request. A module of
 * its own, without RTK Query: what only builds an address (a page's links, the session probe) does not load
 * the query library with it.
 */
export function setApiBase(base: string): void {
  apiBase = base.replace(/\/+$/, '');
}

export function getApiBase(): string {
  return apiBase;
}
