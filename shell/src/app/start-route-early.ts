import type { RemoteRoute } from '@rewards/shared/contracts/remote-routes';
import type { SessionStatus } from '@rewards/shared/store/session-slice';
import { matchRemoteRoute } from '../federation/remote-routes';
import { mayPrefetchRoute } from './route-guard';
import { yieldToBrowser } from './yield-to-browser';

/**
 * Starts the first data and the code of the route matching `pathname` the moment its remote's route table
 * arrives, as its route guard would once React has rendered the table (a commit of the whole page later, the
 * last link before the page's largest paint). Each in a task of its own, not in the one that evaluated the
 * table; the data first: its answer is the page's last link (measured on /Earn, Lighthouse's simulation: the page's
 * files arrived ~200 ms before Offers/Get answered, and starting the code first, shared modules resolved one by
 * one, held the request back by a task). The guard asks again when it renders: the page's code is one load, and
 * a query already asked for is not asked twice.
 */
export async function startRouteEarly(
  routes: readonly RemoteRoute[],
  pathname: string,
  sessionStatus: () => SessionStatus,
  dispatch: (action: unknown) => unknown,
): Promise<void> {
  const matched = matchRemoteRoute(routes, pathname);
  if (!matched) return;
  if (matched.prefetch) {
    await yieldToBrowser();
    if (mayPrefetchRoute(matched.audience, matched.prefetchBeforeSession ?? false, sessionStatus())) matched.prefetch(dispatch);
  }
  await yieldToBrowser();
  // A failed load is the page's own to show: its guard loads it again into the page's boundary.
  matched.preload?.().catch(() => undefined);
}
