import { useEffect } from 'react';
import { matchPath } from '@rewards/shared/router';
import type { RemoteRoute } from '@rewards/shared/contracts/remote-routes';
import { findRouteOwner } from '@rewards/shared/contracts/route-owner';
import type { RemoteConfig } from '@rewards/shared/contracts/runtime-config';
import { whenPageSettled } from '../scheduling/when-page-settled';

/** How long after the page's load the preloading waits (then for an idle moment): the page's own requests go first. */
export const IDLE_PRELOAD_DELAY_MS = 2_000;

/** The links a user picks the next page from: the site's navigation (header, tab bar), not the footer's. */
const NAVIGATION_LINKS = 'header a[href], nav a[href]';

export type LoadRemoteRoutes = (remoteName: string) => Promise<RemoteRoute[]>;

/** Loads the route table of the remote owning `pathname` and the code of its page there; nothing for a path no remote owns. */
export async function preloadPage(pathname: string, remotes: RemoteConfig[], loadRoutes: LoadRemoteRoutes): Promise<void> {
  const owner = findRouteOwner(pathname, remotes);
  if (!owner) return;
  const routes = await loadRoutes(owner.name);
  const route = routes.find(({ path }) => matchPath({ path, caseSensitive: false }, pathname));
  await route?.preload?.();
}

/** The paths of this site's navigation links a user sees, but the page they are on: where they likely go next. */
export function likelyNextPaths(root: ParentNode = document): string[] {
  const paths = new Set<string>();
  for (const link of root.querySelectorAll<HTMLAnchorElement>(NAVIGATION_LINKS)) {
    if (link.origin !== window.location.origin || link.closest('footer') || !isShown(link)) continue;
    if (link.pathname.toLowerCase() !== window.location.pathname.toLowerCase()) paths.add(link.pathname);
  }
  return [...paths];
}

function isShown(element: Element): boolean {
  // checkVisibility: not inside display:none (the desktop links on a phone, a closed menu); older browsers: `hidden`.
  return typeof element.checkVisibility === 'function' ? element.checkVisibility() : !element.closest('[hidden]');
}

/** Save-Data (the user asked for less data) or a 2G connection: nothing is fetched that the user did not ask for. */
export function savesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return connection?.saveData === true || connection?.effectiveType === '2g' || connection?.effectiveType === 'slow-2g';
}

type Options = {
  /** Off until the page's content is on screen, and for visitors: `/` stays as light as it is (its JS budget). */
  enabled: boolean;
  remotes: RemoteConfig[];
  loadRoutes: LoadRemoteRoutes;
  delayMs?: number;
};

/**
 * Once the page has settled (loaded, `delayMs` later, the browser idle), preloads the pages behind the
 * navigation's visible links, one at a time and each in an idle moment, so a first visit to another remote
 * finds its code in the browser. Never on a data-saving connection; a failed preload is no error (following
 * the link loads it again).
 */
export function usePreloadWhenIdle({ enabled, remotes, loadRoutes, delayMs = IDLE_PRELOAD_DELAY_MS }: Options): void {
  useEffect(() => {
    if (!enabled || savesData()) return undefined;
    let stopped = false;
    let cancelWait = () => {};
    const preloadNext = (paths: string[]) => {
      const [next, ...rest] = paths;
      if (stopped || next === undefined) return;
      void preloadPage(next, remotes, loadRoutes)
        .catch(() => undefined)
        .then(() => {
          if (!stopped) cancelWait = whenPageSettled(() => preloadNext(rest), 0);
        });
    };
    cancelWait = whenPageSettled(() => preloadNext(likelyNextPaths()), delayMs);
    return () => {
      stopped = true;
      cancelWait();
    };
  }, [enabled, remotes, loadRoutes, delayMs]);
}
