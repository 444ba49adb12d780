import type { api as siteApi } from './api';

export type SiteApi = typeof siteApi;

let loaded: SiteApi | null = null;
const waiting: Array<(api: SiteApi) => void> = [];

/**
 * The RTK Query API loads with the first module that imports it (a page's calls, a signed-in session), not
 * with the store: a visitor's landing page makes no query. `api.ts` announces itself here once evaluated, and
 * each store made by `makeStore` adds its reducer and middleware then.
 */
export function apiLoaded(api: SiteApi): void {
  if (loaded) return;
  loaded = api;
  for (const attach of waiting.splice(0)) attach(api);
}

/** The API if some module has loaded it, else null (then no query has run, and nothing is cached). */
export function loadedApi(): SiteApi | null {
  return loaded;
}

/** Runs `attach` with the API now if it is loaded, else once it is. */
export function whenApiLoaded(attach: (api: SiteApi) => void): void {
  if (loaded) attach(loaded);
  else waiting.push(attach);
}
