import { lazy, type ComponentType } from 'react';
import type { RemoteRoute } from '../contracts/remote-routes';

type PageModule = { default: ComponentType };

/**
 * A route's page whose code loads when first shown (`Component`, as React.lazy) or ahead of that (`preload`;
 * one load whichever asks first). React.lazy suspends on a promise even when it has resolved (its callbacks
 * run later), which shows the fallback for a frame and holds the page back (React reveals content that
 * replaced a fallback up to 300 ms later): a page whose code is in is handed over at once instead.
 */
export function lazyPage(load: () => Promise<PageModule>): Pick<RemoteRoute, 'Component' | 'preload'> {
  let arrived: PageModule | null = null;
  let loading: Promise<PageModule> | null = null;
  const loadOnce = () => {
    loading ??= load().then(
      (module) => (arrived = module),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Component = lazy(() => (arrived ? alreadyResolved(arrived) : loadOnce()));
  return { Component, preload: loadOnce };
}

/** A thenable that calls back at once: React.lazy reads it as resolved in the same render. */
function alreadyResolved(module: PageModule): Promise<PageModule> {
  const thenable = { then: (onResolved: (value: PageModule) => unknown) => void onResolved(module) };
  return thenable as unknown as Promise<PageModule>;
}
