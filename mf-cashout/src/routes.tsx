import { BRAND_NAME } from '@rewards/shared/brand';
import type { RemoteRoute } from '@rewards/shared/contracts/remote-routes';
import { lazyPage } from '@rewards/shared/ui/lazy-page';
import { t } from './messages';

const CashoutPage = lazyPage(() => import('./pages/cashout-page'));

const routes: RemoteRoute[] = [
  {
    path: '/Cashout',
    ...CashoutPage,
    audience: 'signed-in',
    meta: {
      title: 'Cash out',
      description: `Withdraw your ${BRAND_NAME} balance with PayPal, gift cards or crypto: choose a payout method and cash out.`,
      // A personal page: kept out of search results.
      noindex: true,
    },
    localMeta: () => ({
      title: t('cashout.meta.title'),
      description: t('cashout.meta.description', { brand: BRAND_NAME }),
      noindex: true,
    }),
  },
];

export default routes;
