import type { RemoteConfig } from './runtime-config';

/**
 * The remote owning a path: the longest owned prefix wins, matched case-insensitively on whole segments.
 * `/` is owned only as the exact root.
 */
export function findRouteOwner(pathname: string, remotes: RemoteConfig[]): RemoteConfig | null {
  return findRouteMatch(pathname, remotes)?.remote ?? null;
}

/** The remote owning a path and the route (as the runtime config writes it) that gives it the path. */
export function findRouteMatch(pathname: string, remotes: RemoteConfig[]): { remote: RemoteConfig; route: string } | null {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  let match: { remote: RemoteConfig; route: string } | null = null;
  let ownerPrefixLength = -1;
  for (const remote of remotes) {
    for (const route of remote.routes) {
      const prefix = route.toLowerCase().replace(/\/+$/, '') || '/';
      const owns = prefix === '/' ? path === '/' : path === prefix || path.startsWith(`${prefix}/`);
      if (owns && prefix.length > ownerPrefixLength) {
        match = { remote, route };
        ownerPrefixLength = prefix.length;
      }
    }
  }
  return match;
}
