import { useEffect } from 'react';
import type { RemoteRoute } from '@rewards/shared/contracts/remote-routes';
import { findRouteOwner } from '@rewards/shared/contracts/route-owner';
import type { RemoteConfig } from '@rewards/shared/contracts/runtime-config';
import { whenPageSettled } from '../scheduling/when-page-settled';
import { savesData } from '../scheduling/saves-data';
import { matchRemoteRoute } from './remote-routes';

/** How long after the page's load the prefetching waits (then for an idle moment): the page's own requests go first. */
export const IDLE_PRELOAD_DELAY_MS = 2_000;

/**
 * How long after the files are in their code waits to run (then for an idle moment): a remote's entry is a long
 * task on a slow phone, kept out of the first seconds, when the user is most likely to scroll and tap.
 */
export const IDLE_RUN_DELAY_MS = 8_000;

/** The links a user picks the next page from: the site's navigation (header, tab bar), not the footer's. */
const NAVIGATION_LINKS = 'header a[href], nav a[href]';

/** Brings a remote's page files into the browser without running them (prefetch-remote-files.ts). */
export type PrefetchRemote = (remote: RemoteConfig) => Promise<void>;

export type LoadRemoteRoutes = (remoteName: string) => Promise<RemoteRoute[]>;

/** Loads the route table of the remote owning `pathname` and the code of its page there; nothing for a path no remote owns. */
export async function preloadPage(pathname: string, remotes: RemoteConfig[], loadRoutes: LoadRemoteRoutes): Promise<void> {
  const owner = findRouteOwner(pathname, remotes);
  if (!owner) return;
  const routes = await loadRoutes(owner.name);
  await matchRemoteRoute(routes, pathname)?.preload?.();
}

/** The remotes owning `paths`, each once, in the order of the paths. */
export function remotesOwning(paths: string[], remotes: RemoteConfig[]): RemoteConfig[] {
  const owners = new Map<string, RemoteConfig>();
  for (const path of paths) {
    const owner = findRouteOwner(path, remotes);
    if (owner && !owners.has(owner.name)) owners.set(owner.name, owner);
  }
  return [...owners.values()];
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

type Options = {
  /** Off until the page's content is on screen, and for visitors: `/` stays as light as it is (its JS budget). */
  enabled: boolean;
  remotes: RemoteConfig[];
  prefetch: PrefetchRemote;
  loadRoutes: LoadRemoteRoutes;
  /** A remote whose route table is in (the page's own) has its files: they are not fetched again. */
  isLoaded?: (remoteName: string) => boolean;
  delayMs?: number;
  runDelayMs?: number;
};

/**
 * Once the page has settled (loaded, `delayMs` later, the browser idle), fetches the files of the remotes behind
 * the navigation's visible links without running them, one remote per idle moment: a first visit to another
 * remote then downloads nothing. `runDelayMs` later their pages' code runs, one page per idle moment, so such a
 * visit shows its page in the next frame; until then the user's intent (usePreloadOnIntent) runs it. Never on a
 * data-saving connection; a failure is no error (following the link loads it again).
 */
export function usePreloadWhenIdle({
  enabled,
  remotes,
  prefetch,
  loadRoutes,
  isLoaded = () => false,
  delayMs = IDLE_PRELOAD_DELAY_MS,
  runDelayMs = IDLE_RUN_DELAY_MS,
}: Options): void {
  useEffect(() => {
    if (!enabled || savesData()) return undefined;
    let stopped = false;
    let cancelWait = () => {};
    /** `task` once the page is settled again, `delay` from now. */
    const later = (delay: number, task: () => void) => {
      if (!stopped) cancelWait = whenPageSettled(task, delay);
    };
    /** `step` on each item in turn, each in an idle moment of its own, then `done`. */
    const eachInTurn = <T,>(items: T[], step: (item: T) => Promise<void>, done: () => void) => {
      const [next, ...rest] = items;
      if (stopped) return;
      if (next === undefined) return done();
      void step(next)
        .catch(() => undefined)
        .then(() => later(0, () => eachInTurn(rest, step, done)));
    };
    later(delayMs, () => {
      const paths = likelyNextPaths();
      const runPages = () => later(runDelayMs, () => eachInTurn(paths, (path) => preloadPage(path, remotes, loadRoutes), () => {}));
      const remotesToFetch = remotesOwning(paths, remotes).filter(({ name }) => !isLoaded(name));
      eachInTurn(remotesToFetch, prefetch, runPages);
    });
    return () => {
      stopped = true;
      cancelWait();
    };
  }, [enabled, remotes, prefetch, loadRoutes, isLoaded, delayMs, runDelayMs]);
}
