import { useEffect, useState } from 'react';
import { useLocation } from '@rewards/shared/router';
import { ROUTE_LOADER_MS } from '@rewards/shared/constants';

type Seen = { pathname: string; loading: boolean };

/**
 * True for `ROUTE_LOADER_MS` after each pathname change (spec §2). The first page of a visit is not a
 * change: the page's own skeleton covers it, so the overlay would only hide content for nothing.
 */
export function useRouteChangeLoading(durationMs: number = ROUTE_LOADER_MS): boolean {
  const { pathname } = useLocation();
  const [seen, setSeen] = useState<Seen>({ pathname, loading: false });
  // Adjusting state while rendering shows the overlay in the same paint as the new route.
  if (seen.pathname !== pathname) setSeen({ pathname, loading: true });

  useEffect(() => {
    if (!seen.loading) return undefined;
    const timer = setTimeout(() => {
      setSeen((current) => (current === seen ? { ...current, loading: false } : current));
    }, durationMs);
    return () => clearTimeout(timer);
  }, [seen, durationMs]);

  return seen.loading || seen.pathname !== pathname;
}
