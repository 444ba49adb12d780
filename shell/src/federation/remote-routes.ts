import type { RemoteRoute, RemoteRoutesModule } from '@rewards/shared/contracts/remote-routes';
import { loadRemoteModule } from './federation-runtime';

const routeTables = new Map<string, Promise<RemoteRoute[]>>();

/**
 * The route table a remote exposes as `./routes`. A failed load stays cached (React re-reads the same
 * promise while it settles) until Retry forgets it with `forgetRemoteRoutes`.
 */
export function loadRemoteRoutes(remoteName: string): Promise<RemoteRoute[]> {
  const cached = routeTables.get(remoteName);
  if (cached) return cached;
  const loading = loadRemoteModule<RemoteRoutesModule>(remoteName, 'routes').then((module) => module.default);
  routeTables.set(remoteName, loading);
  loading.catch(() => undefined);
  return loading;
}

export function forgetRemoteRoutes(remoteName: string): void {
  routeTables.delete(remoteName);
}
