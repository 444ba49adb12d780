import type { ReactNode } from 'react';
import { Navigate } from '@rewards/shared/router';
import type { PageMeta, RouteAudience } from '@rewards/shared/contracts/remote-routes';
import { selectSessionStatus } from '@rewards/shared/store/session-slice';
import { useAppSelector } from '@rewards/shared/store/hooks';
import { PageSkeleton } from './page-skeleton';
import { usePageMeta } from './use-page-meta';

type Props = { audience: RouteAudience; meta: PageMeta; children: ReactNode };

/** Spec §2/§6: signed-in users leave signed-out pages for /Earn; visitors leave signed-in pages for /. */
export function RouteGuard({ audience, meta, children }: Props) {
  const status = useAppSelector(selectSessionStatus);
  usePageMeta(meta);
  if (audience === 'any') return children;
  if (status === 'unknown') return <PageSkeleton />;
  if (audience === 'signed-out' && status === 'authenticated') return <Navigate to="/Earn" replace />;
  if (audience === 'signed-in' && status === 'unauthenticated') return <Navigate to="/" replace />;
  return children;
}
