import { useLocation } from '@rewards/shared/router';
import { PageSkeleton } from './page-skeleton';
import { PrerenderedPageView, usePrerenderedPage } from './prerendered-page';

/** Holds the place of the page at this path until it shows: the page as the server painted it, else a skeleton. */
export function PagePlaceholder() {
  const { pathname } = useLocation();
  const prerendered = usePrerenderedPage(pathname);
  return prerendered ? <PrerenderedPageView page={prerendered} /> : <PageSkeleton />;
}
