import type { PayoutMethodName } from '@rewards/shared/contracts/cashout-types';
import { PAYOUT_METHODS as METHOD_FACTS, type PayoutMethodFacts } from '@rewards/shared/contracts/payout-methods';
import type { CashoutTranslate } from '../../messages';
import letcoinLogo from './logos/letcoin.svg';
import payeerLogo from './logos/payeer.svg';
import paypalLogo from './logos/paypal.svg';
import stakeLogo from './logos/stake.svg';
import visaLogo from './logos/visa.svg';

type MessageKey = Parameters<CashoutTranslate>[0];

/** The method's words as message keys (its name, account field and description), and its logo. */
type Presentation = { titleKey: MessageKey; accountKey: MessageKey; descriptionKey: MessageKey; logo: string };

/** A payout method as the Cashout page shows it: the shared facts plus its words and logo. */
export type PayoutMethod = PayoutMethodFacts & Presentation;

const PRESENTATION: Readonly<Record<PayoutMethodName, Presentation>> = {
  stake: {
    titleKey: 'cashout.methods.stake.title',
    accountKey: 'cashout.methods.stake.account',
    descriptionKey: 'cashout.methods.stake.description',
    logo: stakeLogo,
  },
  visa: {
    titleKey: 'cashout.methods.visa.title',
    accountKey: 'cashout.methods.visa.account',
    descriptionKey: 'cashout.methods.visa.description',
    logo: visaLogo,
  },
  paypal: {
    titleKey: 'cashout.methods.paypal.title',
    accountKey: 'cashout.methods.paypal.account',
    descriptionKey: 'cashout.methods.paypal.description',
    logo: paypalLogo,
  },
  letcoin: {
    titleKey: 'cashout.methods.letcoin.title',
    accountKey: 'cashout.methods.letcoin.account',
    descriptionKey: 'cashout.methods.letcoin.description',
    logo: letcoinLogo,
  },
  payeer: {
    titleKey: 'cashout.methods.payeer.title',
    accountKey: 'cashout.methods.payeer.account',
    descriptionKey: 'cashout.methods.payeer.description',
    logo: payeerLogo,
  },
};

/** Spec §3: the payout methods, fixed in the page; every one needs an account and starts at $0.25 (§9). */
export const PAYOUT_METHODS: readonly PayoutMethod[] = METHOD_FACTS.map((facts) => ({ ...facts, ...PRESENTATION[facts.name] }));
