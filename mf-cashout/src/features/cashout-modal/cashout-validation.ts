import type { CashoutRequest } from '@rewards/shared/contracts/cashout-types';
import { formatDollars } from '@rewards/shared/rules/money';
import type { PayoutMethod } from '../payout-methods';

export const AMOUNT_DECIMALS_MESSAGE = 'Enter the amount in dollars and cents, with at most 2 decimals (e.g. 1.50)';

/** A plain decimal amount with at most two decimals: `3`, `3.5`, `3.50`, `.75`. */
const DOLLARS_AND_CENTS = /^(\d+(\.\d{0,2})?|\.\d{1,2})$/;

/** Spec §5: an account is asked for only when the method needs one. */
export function accountError(method: PayoutMethod, account: string): string | null {
  if (method.requiresAccount && account.trim() === '') return `Please enter your ${method.accountLabel}`;
  return null;
}

/** Spec §5: empty or below the method's minimum; also refuses fractions of a cent. */
export function amountError(method: PayoutMethod, amountText: string): string | null {
  const text = amountText.trim();
  const amount = Number(text);
  if (text === '' || !Number.isFinite(amount) || amount < method.minimum) {
    return `Minimum amount is ${formatDollars(method.minimum)}`;
  }
  if (!DOLLARS_AND_CENTS.test(text)) return AMOUNT_DECIMALS_MESSAGE;
  return null;
}

/** The first message the form should show, or null when it may be sent. */
export function validateCashout(method: PayoutMethod, account: string, amountText: string): string | null {
  return accountError(method, account) ?? amountError(method, amountText);
}

/** The body of Cashout/Store for a form that passed `validateCashout`. */
export function toCashoutRequest(method: PayoutMethod, account: string, amountText: string): CashoutRequest {
  return {
    wallet: method.name,
    amount: Number(amountText.trim()),
    account: method.requiresAccount ? account.trim() : null,
  };
}
