import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import WithdrawalsPanel from '../features/withdrawals/withdrawals-panel';

/** Alone, the exposed Withdrawals panel gets a page of its own; in the site it lives on mf-account's Profile page. */
export default function WithdrawalsPreview() {
  return (
    <PageLayout title="Withdrawals" lead="Preview of mf_cashout/withdrawals-panel, the Profile page's Withdrawals tab.">
      <WithdrawalsPanel />
    </PageLayout>
  );
}
