import { MINIMUM_CASHOUT_DOLLARS } from '../constants';
import type { PayoutMethodName } from './cashout-types';

/** What mf-cashout's form and the API's Cashout/Store validation both need to know about a method. */
export type PayoutMethodFacts = {
  /** What the API calls it (`wallet` in Cashout/Store). */
  name: PayoutMethodName;
  /** What people read. */
  title: string;
  /** Label of the account field, also in "Please enter your {label}" (spec §5). */
  accountLabel: string;
  /** PayPal and the Visa gift card are sent to an email address. */
  accountKind: 'email' | 'text';
  requiresAccount: boolean;
  /** Dollars (spec §9: $0.25 per method). */
  minimum: number;
};

/** Spec §3: the five payout methods, in the order the Cashout page lists them; every one needs an account. */
export const PAYOUT_METHODS: readonly PayoutMethodFacts[] = [
  {
    name: 'stake',
    title: 'Stake',
    accountLabel: 'Stake Username',
    accountKind: 'text',
    requiresAccount: true,
    minimum: MINIMUM_CASHOUT_DOLLARS,
  },
  {
    name: 'visa',
    title: 'Visa virtual gift card',
    accountLabel: 'Email Address',
    accountKind: 'email',
    requiresAccount: true,
    minimum: MINIMUM_CASHOUT_DOLLARS,
  },
  {
    name: 'paypal',
    title: 'PayPal',
    accountLabel: 'PayPal Email',
    accountKind: 'email',
    requiresAccount: true,
    minimum: MINIMUM_CASHOUT_DOLLARS,
  },
  {
    name: 'letcoin',
    title: 'Letcoin',
    accountLabel: 'Letcoin Wallet Address',
    accountKind: 'text',
    requiresAccount: true,
    minimum: MINIMUM_CASHOUT_DOLLARS,
  },
  {
    name: 'payeer',
    title: 'Payeer',
    accountLabel: 'Payeer Account ID',
    accountKind: 'text',
    requiresAccount: true,
    minimum: MINIMUM_CASHOUT_DOLLARS,
  },
];

export const PAYOUT_METHOD_NAMES: readonly PayoutMethodName[] = PAYOUT_METHODS.map((method) => method.name);

/** The facts of a method the API names; undefined for a name this list does not know. */
export function findPayoutMethod(name: string): PayoutMethodFacts | undefined {
  return PAYOUT_METHODS.find((method) => method.name === name);
}
