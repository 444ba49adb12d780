import { MINIMUM_CASHOUT_DOLLARS } from '@rewards/shared/constants';
import type { PayoutMethodName } from '@rewards/shared/contracts/cashout-types';
import letcoinLogo from './logos/letcoin.svg';
import payeerLogo from './logos/payeer.svg';
import paypalLogo from './logos/paypal.svg';
import stakeLogo from './logos/stake.svg';
import visaLogo from './logos/visa.svg';

export type PayoutMethod = {
  /** What the API calls it (`wallet` in Cashout/Store). */
  name: PayoutMethodName;
  title: string;
  /** Label of the account field, also used in "Please enter your {label}". */
  accountLabel: string;
  accountKind: 'email' | 'text';
  requiresAccount: boolean;
  /** Dollars. */
  minimum: number;
  description: string;
  logo: string;
};

/** Spec §3: the payout methods, fixed in the page; every one needs an account and starts at $0.25 (§9). */
export const PAYOUT_METHODS: readonly PayoutMethod[] = [
  {
    name: 'stake',
    title: 'Stake',
    accountLabel: 'Stake Username',
    accountKind: 'text',
    requiresAccount: true,
    minimum: MINIMUM_CASHOUT_DOLLARS,
    description: 'Sent to your Stake account. Enter the username you sign in to Stake with.',
    logo: stakeLogo,
  },
  {
    name: 'visa',
    title: 'Visa virtual gift card',
    accountLabel: 'Email Address',
    accountKind: 'email',
    requiresAccount: true,
    minimum: MINIMUM_CASHOUT_DOLLARS,
    description: 'A prepaid virtual card emailed to you, to spend online wherever Visa is accepted.',
    logo: visaLogo,
  },
  {
    name: 'paypal',
    title: 'PayPal',
    accountLabel: 'PayPal Email',
    accountKind: 'email',
    requiresAccount: true,
    minimum: MINIMUM_CASHOUT_DOLLARS,
    description: 'Sent to the PayPal account registered with this email address.',
    logo: paypalLogo,
  },
  {
    name: 'letcoin',
    title: 'Letcoin',
    accountLabel: 'Letcoin Wallet Address',
    accountKind: 'text',
    requiresAccount: true,
    minimum: MINIMUM_CASHOUT_DOLLARS,
    description: 'Sent to your Letcoin wallet. Check the address twice: crypto transfers cannot be reversed.',
    logo: letcoinLogo,
  },
  {
    name: 'payeer',
    title: 'Payeer',
    accountLabel: 'Payeer Account ID',
    accountKind: 'text',
    requiresAccount: true,
    minimum: MINIMUM_CASHOUT_DOLLARS,
    description: 'Sent to your Payeer wallet. Enter your account ID, the one that starts with P.',
    logo: payeerLogo,
  },
];

/** Display name of a method the API names; an unknown name is shown as it came. */
export function payoutMethodTitle(name: string): string {
  return PAYOUT_METHODS.find((method) => method.name === name)?.title ?? name;
}
