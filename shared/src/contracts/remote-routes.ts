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
  meta: PageMeta;
  audience: RouteAudience;
};

/** What every remote's `./routes` module exports as default. */
export type RemoteRoutesModule = { default: RemoteRoute[] };
