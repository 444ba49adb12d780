import type { SiteApi } from '@rewards/shared/api/loaded-api';
import { yieldToBrowser } from './yield-to-browser';

/*
 * The site's API client, loaded through federation when a signed-in session (or a page's calls) needs it, not
 * at start. Naming its modules here also makes the shell provide them to the remotes, as it does every
 * `@rewards/shared` module its code names; else a remote whose page calls the API would use its own copy: a
 * second RTK Query API outside the store, or a base query that does not know the runtime config's API base.
 */

export function loadSharedApi(): Promise<SiteApi> {
  return import('@rewards/shared/api/api').then(async (module) => {
    await yieldToBrowser();
    return module.api;
  });
}

/** The base query (remotes read the API's address from it); the shell itself only ever needs `loadSharedApi`. */
export function loadSharedBaseQuery() {
  return import('@rewards/shared/api/base-query');
}

/**
 * The helpers the remotes' API modules call (the answer's envelope, the device an offer request names): provided
 * with the API client, in its chunk, so a remote's first API call fetches no copy of its own first. The shell
 * itself never calls them.
 */
export function loadSharedApiHelpers() {
  return Promise.all([import('@rewards/shared/api/envelope'), import('@rewards/shared/rules/device')]);
}
