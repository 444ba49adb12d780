import type { PayoutMethodName } from '@rewards/shared/contracts/cashout-types';
import type { HistoryTranslate } from '../history/messages';

/** Each method by its name for people (message keys); a name this version does not know is shown as it came. */
const METHOD_TITLES = {
  stake: 'withdrawals.method.stake',
  visa: 'withdrawals.method.visa',
  paypal: 'withdrawals.method.paypal',
  letcoin: 'withdrawals.method.letcoin',
  payeer: 'withdrawals.method.payeer',
} as const satisfies Record<PayoutMethodName, string>;

/** The method's name in the page's language. */
export function methodTitle(name: string, t: HistoryTranslate): string {
  return Object.hasOwn(METHOD_TITLES, name) ? t(METHOD_TITLES[name as PayoutMethodName]) : name;
}
