import { ModuleLoader } from '@rewards/shared/ui/module-loader.tsx';
import { useAppSelector } from '@rewards/shared/store/hooks';
import { selectAlert } from '@rewards/shared/store/ui-slice';
import { PageRetryNotice } from './page-retry-notice';
import { ReportPageShown } from './page-shown';
import { PageSkeleton } from './page-skeleton';

/*
 * Parts of the shell that most pages never show load when they are shown: the 404 page and the alert modal
 * (about 2.5 KB compressed with their CSS, off every page's first load). The offline notice stays in the
 * shell's first chunk: it must show when nothing can load any more.
 */

const loadNotFoundPage = () => import('../pages/not-found-page');
const loadAlertModal = () => import('../features/alert/alert-modal');

/** The 404 page; the page counts as shown once it is there. */
export function LazyNotFoundPage() {
  return (
    <ModuleLoader
      logAs="The not-found page"
      load={loadNotFoundPage}
      loading={<PageSkeleton />}
      failure={(retry) => <PageRetryNotice onRetry={retry} source="shell" />}
    >
      {({ NotFoundPage }) => (
        <>
          <NotFoundPage />
          <ReportPageShown />
        </>
      )}
    </ModuleLoader>
  );
}

/** The site's one alert modal (spec §1, §8): its code loads when some part of the site opens it. */
export function LazyAlertModal() {
  const isOpen = useAppSelector((state) => selectAlert(state).isOpen);
  if (!isOpen) return null;
  return (
    <ModuleLoader logAs="The alert modal" load={loadAlertModal} loading={null} failure={() => null}>
      {({ AlertModal }) => <AlertModal />}
    </ModuleLoader>
  );
}
