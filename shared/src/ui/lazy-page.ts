import { lazy, type ComponentType } from 'react';
import type { RemoteRoute } from '../contracts/remote-routes';

type PageModule = { default: ComponentType };

/** A load marked once it arrived the way React marks a promise it read (`status`, `value`): see `isArrived`. */
type MarkedLoad = Promise<PageModule> & { status?: 'fulfilled'; value?: PageModule };

/**
 * A route's page whose code loads when first shown (`Component`, as React.lazy) or ahead of that (`preload`;
 * one load whichever asks first, marked once it arrived: `isArrived`). React.lazy suspends on a promise even
 * when it has resolved (its callbacks run later), which shows the fallback for a frame and holds the page back
 * (React reveals content that replaced a fallback up to 300 ms later): a page whose code is in is handed over
 * at once instead.
 */
export function lazyPage(load: () => Promise<PageModule>): Pick<RemoteRoute, 'Component' | 'preload'> {
  let arrived: PageModule | null = null;
  let loading: MarkedLoad | null = null;
  const loadOnce = (): MarkedLoad => {
    if (loading) return loading;
    const started: MarkedLoad = load().then(
      (module) => {
        arrived = module;
        Object.assign(started, { status: 'fulfilled', value: module });
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    loading = started;
    return started;
  };
  const Component = lazy(() => (arrived ? alreadyResolved(arrived) : loadOnce()));
  return { Component, preload: loadOnce };
}

/** Whether a page's load (`preload()`) has arrived, so it can show in this very render. */
export function isArrived(loading: Promise<unknown>): boolean {
  return (loading as { status?: string }).status === 'fulfilled';
}

/** A thenable that calls back at once: React.lazy reads it as resolved in the same render. */
function alreadyResolved(module: PageModule): Promise<PageModule> {
  const thenable = { then: (onResolved: (value: PageModule) => unknown) => void onResolved(module) };
  return thenable as unknown as Promise<PageModule>;
}
