import { startTransition, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { Navigate } from '@rewards/shared/router';
import type { PageMeta, RemoteRoute, RouteAudience } from '@rewards/shared/contracts/remote-routes';
import { isArrived } from '@rewards/shared/ui/lazy-page';
import { selectSessionStatus, type SessionStatus } from '@rewards/shared/store/session-slice';
import { useAppDispatch, useAppSelector } from '@rewards/shared/store/hooks';
import { PagePlaceholder } from './page-placeholder';
import { usePageMeta } from './use-page-meta';
import { useLocale } from '@rewards/shared/translate/locale-store';

type Props = {
  audience: RouteAudience;
  meta: PageMeta;
  localMeta?: RemoteRoute['localMeta'];
  /** Fetches the page's code without showing it (a lazy page's chunk). */
  preload?: RemoteRoute['preload'];
  /** Starts the page's first data once the visitor may see the page. */
  prefetch?: RemoteRoute['prefetch'];
  /** The prefetch is open to anyone: it starts while the session is checked too. */
  prefetchBeforeSession?: boolean;
  children: ReactNode;
};

/**
 * Whether a page's first data may be asked for: only for whom the page is (a visitor's request for a signed-in
 * page's data would fail: a 401 in the console), or while the session is checked when the data is open to anyone.
 */
export function mayPrefetchRoute(audience: RouteAudience, prefetchBeforeSession: boolean, status: SessionStatus): boolean {
  const mayShow = audience === 'any' || status === (audience === 'signed-in' ? 'authenticated' : 'unauthenticated');
  return mayShow || (prefetchBeforeSession && status === 'unknown');
}

/** Spec §2/§6: signed-in users leave signed-out pages for /Earn; visitors leave signed-in pages for /. */
export function RouteGuard({ audience, meta, localMeta, preload, prefetch, prefetchBeforeSession = false, children }: Props) {
  // The store's updates render at once, in one task; the page the session's answer lets through (or the page it
  // leads to) renders in slices instead, as a transition does, while the page shown so far stays.
  const status = useDeferredValue(useAppSelector(selectSessionStatus));
  const dispatch = useAppDispatch();
  // Read again in the new language: the locale is what changes between two renders of the same page.
  const locale = useLocale();
  usePageMeta(localMeta && locale ? localMeta() : meta);
  const codeReady = usePageCode(preload);
  const mayPrefetch = mayPrefetchRoute(audience, prefetchBeforeSession, status);
  useEffect(() => {
    if (mayPrefetch && prefetch) prefetch(dispatch as (action: unknown) => unknown);
  }, [mayPrefetch, prefetch, dispatch]);
  if (audience !== 'any' && status === 'unknown') return <PagePlaceholder />;
  if (audience === 'signed-out' && status === 'authenticated') return <Navigate to="/Earn" replace />;
  if (audience === 'signed-in' && status === 'unauthenticated') return <Navigate to="/" replace />;
  return codeReady ? children : <PagePlaceholder />;
}

/**
 * Whether the page's code is in. Its fetch starts as the route is matched, so a page first shown while the
 * session is checked fetches its code meanwhile, not after (most visitors of a page are the ones it is for).
 * The page waits for its code here rather than suspend: React holds back content that replaces a Suspense
 * fallback for up to 300 ms after that fallback showed. A failed fetch is the page's own to show: rendered,
 * it loads again and fails into its boundary.
 */
function usePageCode(preload: (() => Promise<unknown>) | undefined): boolean {
  const [failed, setFailed] = useState(false);
  const [settled, setSettled] = useState<Promise<unknown> | null>(null);
  const loading = failed ? undefined : preload?.();
  const ready = !loading || isArrived(loading) || settled === loading;
  useEffect(() => {
    if (ready || !loading) return;
    let mounted = true;
    // In slices, as a Suspense retry would render it, not in one long task.
    loading.then(
      () => mounted && startTransition(() => setSettled(loading)),
      () => mounted && startTransition(() => setFailed(true)),
    );
    return () => {
      mounted = false;
    };
  }, [ready, loading]);
  return ready;
}
