// The shell's global styles travel with the prerendered page: it is painted before the shell's CSS arrives.
import '@rewards/shared/styles/tokens.css';
import '@rewards/shared/styles/base.css';
import { BRAND_NAME } from '@rewards/shared/brand';
import { PATHS } from '@rewards/shared/paths';
import { headerFirstScreens } from '@rewards/shared/ui/header-first-screens.tsx';
import { t } from '../messages';

/** /Cashout's first screen, painted from the HTML: its header, as `CashoutPage` begins. */
export const { PRERENDERED_PAGES, messagesReady, renderPrerenderedPages } = headerFirstScreens([
  { path: PATHS.cashout, file: 'cashout', title: () => t('cashout.page.title'), lead: () => t('cashout.page.lead', { brand: BRAND_NAME }) },
]);
