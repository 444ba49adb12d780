import { Route, Routes, useLocation } from '@rewards/shared/router';
import { selectSessionStatus } from '@rewards/shared/store/session-slice';
import { useAppStore } from '@rewards/shared/store/hooks';
import type { RemoteRoute } from '@rewards/shared/contracts/remote-routes';
import { ModuleLoader } from '@rewards/shared/ui/module-loader.tsx';
import { findRouteOwner } from '@rewards/shared/contracts/route-owner';
import { loadRemoteRoutes } from '../federation/remote-routes';
import { LazyNotFoundPage } from './lazy-shell-parts';
import { PagePlaceholder } from './page-placeholder';
import { PageRetryNotice } from './page-retry-notice';
import { ReportPageShown } from './page-shown';
import { RouteGuard } from './route-guard';
import { startRouteEarly } from './start-route-early';
import { useRuntimeConfig } from './runtime-config-context';

function RemoteRoutes({ routes }: { routes: RemoteRoute[] }) {
  return (
    <Routes>
      {routes.map(({ path, Component, meta, localMeta, audience, preload, prefetch, prefetchBeforeSession }) => (
        <Route
          key={path}
          path={path}
          element={
            <RouteGuard audience={audience} meta={meta} localMeta={localMeta} preload={preload} prefetch={prefetch} prefetchBeforeSession={prefetchBeforeSession}>
              <Component />
            </RouteGuard>
          }
        />
      ))}
      <Route path="*" element={<LazyNotFoundPage />} />
    </Routes>
  );
}

/** Renders whatever the remote owning the current path shows there, inside its own failure boundary. */
export function RemotePage() {
  const { pathname } = useLocation();
  const { remotes } = useRuntimeConfig();
  const store = useAppStore();
  const owner = findRouteOwner(pathname, remotes);
  if (!owner) {
    return <LazyNotFoundPage />;
  }
  return (
    <ModuleLoader
      key={owner.name}
      logAs={`Remote ${owner.name}`}
      load={() => {
        const loading = loadRemoteRoutes(owner.name);
        // A failed load is shown by the loader below; an early start that fails is started again by the route guard.
        loading.then((routes) => startRouteEarly(routes, pathname, () => selectSessionStatus(store.getState()), store.dispatch)).catch(() => undefined);
        return loading;
      }}
      loading={<PagePlaceholder />}
      failure={(retry) => <PageRetryNotice onRetry={retry} source={owner.name} />}
    >
      {(routes) => (
        <>
          <RemoteRoutes routes={routes} />
          <ReportPageShown />
        </>
      )}
    </ModuleLoader>
  );
}
