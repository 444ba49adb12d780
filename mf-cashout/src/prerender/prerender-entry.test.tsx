import { describeHeaderFirstScreen } from '@rewards/shared/test/header-first-screen.tsx';
import { fail } from '@rewards/shared/test/fake-api';
import CashoutPage from '../pages/cashout-page';
import * as entry from './prerender-entry';

describeHeaderFirstScreen({
  entry,
  path: '/Cashout',
  file: 'cashout',
  Page: CashoutPage,
  answers: { 'GET /Cashout/stats': fail(503) },
  englishLead: 'Turn your Earnly balance into cash, gift cards or crypto. Pick a method to withdraw.',
  germanTitle: 'Auszahlung',
});
