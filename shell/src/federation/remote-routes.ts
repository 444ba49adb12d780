import { matchRoutes } from '@rewards/shared/router';
import type { RemoteRoute } from '@rewards/shared/contracts/remote-routes';
import { isArrived } from '@rewards/shared/ui/lazy-page';
import { markArrival } from '@rewards/shared/ui/module-loader.tsx';
import { loadRemoteModule } from './federation-runtime';
// The route tables the remotes publish (their dist/@mf-types): the shell reads any remote's as RemoteRoute[].
import type * as AccountRoutes from 'mf_account/routes';
import type * as AdminRoutes from 'mf_admin/routes';
import type * as CashoutRoutes from 'mf_cashout/routes';
import type * as EarnRoutes from 'mf_earn/routes';
import type * as MarketingRoutes from 'mf_marketing/routes';

type PublishedRouteTable = typeof AccountRoutes | typeof AdminRoutes | typeof CashoutRoutes | typeof EarnRoutes | typeof MarketingRoutes;

const routeTables = new Map<string, Promise<RemoteRoute[]>>();

/**
 * The route table a remote exposes as `./routes`, loaded once: the same promise again on every visit, so a
 * page of a remote already shown renders at once. A failed load is forgotten, so Retry asks the remote again.
 */
export function loadRemoteRoutes(remoteName: string): Promise<RemoteRoute[]> {
  const cached = routeTables.get(remoteName);
  if (cached) return cached;
  // Marked: a table preloaded before the remote's first visit shows its page without the skeleton's flash.
  const loading = markArrival(loadRemoteModule<PublishedRouteTable>(remoteName, 'routes').then((module): RemoteRoute[] => module.default));
  routeTables.set(remoteName, loading);
  loading.catch(() => {
    if (routeTables.get(remoteName) === loading) routeTables.delete(remoteName);
  });
  return loading;
}

/** Whether the remote's route table is in (its entry and table have run): its files need no fetching ahead. */
export function isRouteTableLoaded(remoteName: string): boolean {
  const loading = routeTables.get(remoteName);
  return loading !== undefined && isArrived(loading);
}

/** The route of the table showing `pathname`, ranked as the router ranks them (any letter case, parameters). */
export function matchRemoteRoute(routes: readonly RemoteRoute[], pathname: string): RemoteRoute | undefined {
  const matched = matchRoutes(routes.map(({ path }) => ({ path })), pathname)?.[0]?.route;
  return matched && routes.find(({ path }) => path === matched.path);
}
