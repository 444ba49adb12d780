import type { RemoteConfig } from './runtime-config';

/**
 * The remote owning a path: the longest owned prefix wins, matched case-insensitively on whole segments.
 * `/` is owned only as the exact root.
 */
export function findRouteOwner(pathname: string, remotes: RemoteConfig[]): RemoteConfig | null {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  let owner: RemoteConfig | null = null;
  let ownerPrefixLength = -1;
  for (const remote of remotes) {
    for (const route of remote.routes) {
      const prefix = route.toLowerCase().replace(/\/+$/, '') || '/';
      const owns = prefix === '/' ? path === '/' : path === prefix || path.startsWith(`${prefix}/`);
      if (owns && prefix.length > ownerPrefixLength) {
        owner = remote;
        ownerPrefixLength = prefix.length;
      }
    }
  }
  return owner;
}
