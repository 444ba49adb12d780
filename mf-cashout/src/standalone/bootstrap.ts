// Runs this remote alone inside the shared standalone harness.
import { lazy } from 'react';
import { mountStandalone } from '@rewards/shared/dev/mount-standalone.tsx';
import type { RemoteRoute } from '@rewards/shared/contracts/remote-routes';
import routes from '../routes';

// The exposed Withdrawals panel and Earnings history live on mf-account's Profile page; alone, each gets a preview page.
const withdrawalsPanelPreview: RemoteRoute = {
  path: '/withdrawals-panel',
  Component: lazy(() => import('./withdrawals-preview')),
  audience: 'signed-in',
  meta: { title: 'Withdrawals panel (exposed to mf-account)', description: 'Preview of mf_cashout/withdrawals-panel.' },
};

const earningsHistoryPreview: RemoteRoute = {
  path: '/earnings-history',
  Component: lazy(() => import('./earnings-history-preview')),
  audience: 'signed-in',
  meta: { title: 'Earnings history (exposed to mf-account)', description: 'Preview of mf_cashout/earnings-history.' },
};

mountStandalone('mf-cashout', [...routes, withdrawalsPanelPreview, earningsHistoryPreview]);
