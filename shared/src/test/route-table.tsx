import { Suspense } from 'react';
import { Route, Routes } from '../router';
import type { RemoteRoute } from '../contracts/remote-routes';
import { renderWithProviders } from './render-with-providers';

const REACT_LAZY = Symbol.for('react.lazy');

/** True for a `React.lazy` component: the routes module stays tiny and each page is its own chunk. */
export function isLazyComponent(component: RemoteRoute['Component']): boolean {
  return (component as { $$typeof?: symbol }).$$typeof === REACT_LAZY;
}

/** Renders a remote's route table at `path` the way the shell mounts it (nested `<Routes>`, one store). */
export function renderRoute(routes: RemoteRoute[], path: string) {
  return renderWithProviders(
    <Suspense fallback={<p>Loading</p>}>
      <Routes>
        {routes.map(({ path: routePath, Component }) => (
          <Route key={routePath} path={routePath} element={<Component />} />
        ))}
      </Routes>
    </Suspense>,
    { route: path },
  );
}
