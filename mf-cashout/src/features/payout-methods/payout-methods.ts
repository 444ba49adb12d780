import type { PayoutMethodName } from '@rewards/shared/contracts/cashout-types';
import { findPayoutMethod, PAYOUT_METHODS as METHOD_FACTS, type PayoutMethodFacts } from '@rewards/shared/contracts/payout-methods';
import letcoinLogo from './logos/letcoin.svg';
import payeerLogo from './logos/payeer.svg';
import paypalLogo from './logos/paypal.svg';
import stakeLogo from './logos/stake.svg';
import visaLogo from './logos/visa.svg';

type Presentation = { description: string; logo: string };

/** A payout method as the Cashout page shows it: the shared facts plus its words and logo. */
export type PayoutMethod = PayoutMethodFacts & Presentation;

const PRESENTATION: Readonly<Record<PayoutMethodName, Presentation>> = {
  stake: { description: 'Sent to your Stake account. Enter the username you sign in to Stake with.', logo: stakeLogo },
  visa: { description: 'A prepaid virtual card emailed to you, to spend online wherever Visa is accepted.', logo: visaLogo },
  paypal: { description: 'Sent to the PayPal account registered with this email address.', logo: paypalLogo },
  letcoin: {
    description: 'Sent to your Letcoin wallet. Check the address twice: crypto transfers cannot be reversed.',
    logo: letcoinLogo,
  },
  payeer: { description: 'Sent to your Payeer wallet. Enter your account ID, the one that starts with P.', logo: payeerLogo },
};

/** Spec §3: the payout methods, fixed in the page; every one needs an account and starts at $0.25 (§9). */
export const PAYOUT_METHODS: readonly PayoutMethod[] = METHOD_FACTS.map((facts) => ({ ...facts, ...PRESENTATION[facts.name] }));

/** Display name of a method the API names; an unknown name is shown as it came. */
export function payoutMethodTitle(name: string): string {
  return findPayoutMethod(name)?.title ?? name;
}
