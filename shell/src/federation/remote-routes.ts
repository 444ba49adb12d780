import type { RemoteRoute, RemoteRoutesModule } from '@rewards/shared/contracts/remote-routes';
import { markArrival } from '@rewards/shared/ui/module-loader.tsx';
import { loadRemoteModule } from './federation-runtime';

const routeTables = new Map<string, Promise<RemoteRoute[]>>();

/**
 * The route table a remote exposes as `./routes`, loaded once: the same promise again on every visit, so a
 * page of a remote already shown renders at once. A failed load is forgotten, so Retry asks the remote again.
 */
export function loadRemoteRoutes(remoteName: string): Promise<RemoteRoute[]> {
  const cached = routeTables.get(remoteName);
  if (cached) return cached;
  // Marked: a table preloaded before the remote's first visit shows its page without the skeleton's flash.
  const loading = markArrival(loadRemoteModule<RemoteRoutesModule>(remoteName, 'routes').then((module) => module.default));
  routeTables.set(remoteName, loading);
  loading.catch(() => {
    if (routeTables.get(remoteName) === loading) routeTables.delete(remoteName);
  });
  return loading;
}
