import type { PayoutMethodName } from '@rewards/shared/contracts/cashout-types';

export type PayoutMethodRule = {
  /** Also in "Please enter your {label}", the words mf-cashout shows for the same field (spec §5). */
  accountLabel: string;
  /** PayPal and the Visa gift card are sent to an email address. */
  accountIsEmail: boolean;
};

/** Spec §3: the five payout methods; every one needs an account. A new name in the contract must be added here. */
export const PAYOUT_METHODS: Readonly<Record<PayoutMethodName, PayoutMethodRule>> = {
  stake: { accountLabel: 'Stake Username', accountIsEmail: false },
  visa: { accountLabel: 'Email Address', accountIsEmail: true },
  paypal: { accountLabel: 'PayPal Email', accountIsEmail: true },
  letcoin: { accountLabel: 'Letcoin Wallet Address', accountIsEmail: false },
  payeer: { accountLabel: 'Payeer Account ID', accountIsEmail: false },
};

export const PAYOUT_METHOD_NAMES = Object.keys(PAYOUT_METHODS) as PayoutMethodName[];

export function isPayoutMethodName(value: string): value is PayoutMethodName {
  return Object.hasOwn(PAYOUT_METHODS, value);
}
