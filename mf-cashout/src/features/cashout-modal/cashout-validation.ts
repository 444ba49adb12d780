import type { CashoutRequest } from '@rewards/shared/contracts/cashout-types';
import { CASHOUT_AMOUNT_MESSAGES, cashoutAmountMessage, readCashoutAmount } from '@rewards/shared/rules/cashout-amount';
import type { PayoutMethod } from '../payout-methods';

export const AMOUNT_DECIMALS_MESSAGE = CASHOUT_AMOUNT_MESSAGES.decimals;

/** Spec §5: an account is asked for only when the method needs one. */
export function accountError(method: PayoutMethod, account: string): string | null {
  if (method.requiresAccount && account.trim() === '') return `Please enter your ${method.accountLabel}`;
  return null;
}

/** Spec §5: empty or below the method's minimum; also refuses fractions of a cent (the rule Cashout/Store holds). */
export function amountError(method: PayoutMethod, amountText: string): string | null {
  const amount = readCashoutAmount(amountText, method.minimum);
  return amount.ok ? null : cashoutAmountMessage(amount.problem, method.minimum);
}

/** The first message the form should show, or null when it may be sent. */
export function validateCashout(method: PayoutMethod, account: string, amountText: string): string | null {
  return accountError(method, account) ?? amountError(method, amountText);
}

/** The body of Cashout/Store for a form that passed `validateCashout`: the amount as the text the user typed. */
export function toCashoutRequest(method: PayoutMethod, account: string, amountText: string): CashoutRequest {
  return {
    wallet: method.name,
    amount: amountText.trim(),
    account: method.requiresAccount ? account.trim() : null,
  };
}
