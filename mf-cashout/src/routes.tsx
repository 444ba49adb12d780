import { lazy } from 'react';
import { BRAND_NAME } from '@rewards/shared/brand';
import type { RemoteRoute } from '@rewards/shared/contracts/remote-routes';

const CashoutPage = lazy(() => import('./pages/cashout-page'));

const routes: RemoteRoute[] = [
  {
    path: '/Cashout',
    Component: CashoutPage,
    audience: 'signed-in',
    meta: {
      title: 'Cash out',
      description: `Withdraw your ${BRAND_NAME} balance with PayPal, gift cards or crypto: choose a payout method and cash out.`,
      // A personal page: kept out of search results.
      noindex: true,
    },
  },
];

export default routes;
