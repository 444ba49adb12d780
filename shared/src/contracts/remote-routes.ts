import type { ComponentType, LazyExoticComponent } from 'react';

/** Who may see a page; the shell enforces it. */
export const ROUTE_AUDIENCES = ['signed-in', 'signed-out', 'any'] as const;
export type RouteAudience = (typeof ROUTE_AUDIENCES)[number];

export type PageMeta = {
  title: string;
  description: string;
  noindex?: boolean;
};

export type RemoteRoute = {
  /** A react-router path, e.g. `/Earn` or `/ref/:id`. Matched case-insensitively. */
  path: string;
  Component: LazyExoticComponent<ComponentType> | ComponentType;
  /** In English: what the contract check reads, and the page's head until `localMeta` answers. */
  meta: PageMeta;
  /**
   * The meta in the page's language, from the remote's own messages (`t`); the shell asks again when the
   * language changes. Absent: `meta`.
   */
  localMeta?: () => PageMeta;
  audience: RouteAudience;
  /**
   * Fetches the page's code without showing it (a lazy page's chunk), so the shell can load the page a user is
   * likely to open next ahead of the click. Absent: the page's code comes with the route table.
   */
  preload?: () => Promise<unknown>;
  /**
   * Starts fetching what the page shows first (an API query into the store), given the store's `dispatch`; the
   * shell calls it once the visitor may see the page, so the data comes with the page's code, not after it.
   */
  prefetch?: (dispatch: (action: unknown) => unknown) => void;
  /**
   * The prefetch asks only what a visitor may ask too (no 401 for anyone): the shell starts it while the session
   * is still being checked, beside the page's code, instead of after that check.
   */
  prefetchBeforeSession?: boolean;
};

/** What every remote's `./routes` module exports as default. */
export type RemoteRoutesModule = { default: RemoteRoute[] };
