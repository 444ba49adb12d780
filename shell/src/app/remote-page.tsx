import { Suspense, use, useState } from 'react';
import { Route, Routes, useLocation } from '@rewards/shared/router';
import type { RemoteConfig } from '@rewards/shared/contracts/runtime-config';
import { findRouteOwner } from '../federation/route-owner';
import { forgetRemoteRoutes, loadRemoteRoutes } from '../federation/remote-routes';
import { NotFoundPage } from '../pages/not-found-page';
import { PageSkeleton } from './page-skeleton';
import { ReportPageShown } from './page-shown';
import { RemoteBoundary } from './remote-boundary';
import { RouteGuard } from './route-guard';
import { useRuntimeConfig } from './runtime-config-context';

function RemoteRoutes({ remote }: { remote: RemoteConfig }) {
  const routes = use(loadRemoteRoutes(remote.name));
  return (
    <Routes>
      {routes.map(({ path, Component, meta, audience }) => (
        <Route
          key={path}
          path={path}
          element={
            <RouteGuard audience={audience} meta={meta}>
              <Component />
            </RouteGuard>
          }
        />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/** Renders whatever the remote owning the current path shows there, inside its own failure boundary. */
export function RemotePage() {
  const { pathname } = useLocation();
  const { remotes } = useRuntimeConfig();
  const owner = findRouteOwner(pathname, remotes);
  const [attempt, setAttempt] = useState(0);
  if (!owner) {
    return (
      <>
        <NotFoundPage />
        <ReportPageShown />
      </>
    );
  }
  const retry = () => {
    forgetRemoteRoutes(owner.name);
    setAttempt((count) => count + 1);
  };
  return (
    <RemoteBoundary key={`${owner.name}:${attempt}`} remoteName={owner.name} onRetry={retry}>
      <Suspense fallback={<PageSkeleton />}>
        <RemoteRoutes remote={owner} />
        <ReportPageShown />
      </Suspense>
    </RemoteBoundary>
  );
}
