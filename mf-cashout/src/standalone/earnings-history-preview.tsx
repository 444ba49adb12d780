import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import EarningsHistory from '../features/earnings-history/earnings-history';

/** Alone, the exposed Earnings history gets a page of its own; in the site it lives on mf-account's Profile page. */
export default function EarningsHistoryPreview() {
  return (
    <PageLayout title="Earnings history" lead="Preview of mf_cashout/earnings-history, the Profile page's Earnings history tab.">
      <EarningsHistory />
    </PageLayout>
  );
}
