import { lazy, type ComponentType } from 'react';
import type { RemoteRoute } from '../contracts/remote-routes';

/**
 * A route's page whose code loads when first shown (`Component`, as React.lazy) or ahead of that (`preload`,
 * the same load: the bundler fetches the chunk once, whichever asks first).
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): Pick<RemoteRoute, 'Component' | 'preload'> {
  return { Component: lazy(load), preload: load };
}
