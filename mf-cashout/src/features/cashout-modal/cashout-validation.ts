import type { CashoutRequest } from '@rewards/shared/contracts/cashout-types';
import { readCashoutAmount, type CashoutAmountProblem } from '@rewards/shared/rules/cashout-amount';
import { formatDollars } from '@rewards/shared/rules/money';
import type { CashoutTranslate } from '../../messages';
import { formatDecimal } from '../../ui/format-number';
import type { PayoutMethod } from '../payout-methods';

/** Why the form may not be sent yet: the field to fix, and for the amount what is wrong with it. */
export type CashoutProblem = { field: 'account' } | { field: 'amount'; problem: CashoutAmountProblem };

/** Spec §5: an account is asked for only when the method needs one. */
export function accountProblem(method: PayoutMethod, account: string): CashoutProblem | null {
  return method.requiresAccount && account.trim() === '' ? { field: 'account' } : null;
}

/** Spec §5: empty or below the method's minimum; also refuses fractions of a cent (the rule Cashout/Store holds). */
export function amountProblem(method: PayoutMethod, amountText: string): CashoutProblem | null {
  const amount = readCashoutAmount(amountText, method.minimum);
  return amount.ok ? null : { field: 'amount', problem: amount.problem };
}

/** The first problem the form should show, or null when it may be sent. */
export function validateCashout(method: PayoutMethod, account: string, amountText: string): CashoutProblem | null {
  return accountProblem(method, account) ?? amountProblem(method, amountText);
}

/** The words of a problem in the page's language: "Please enter your PayPal Email", "Minimum amount is $0.25". */
export function cashoutProblemText(problem: CashoutProblem, method: PayoutMethod, t: CashoutTranslate): string {
  if (problem.field === 'account') return t('cashout.form.account.required', { label: t(method.accountKey) });
  if (problem.problem === 'decimals') return t('cashout.form.amount.decimals', { example: formatDecimal(1.5, 2) });
  if (problem.problem === 'too_large') return t('cashout.form.amount.tooLarge');
  return t('cashout.form.amount.minimum', { amount: formatDollars(method.minimum) });
}

/** The body of Cashout/Store for a form that passed `validateCashout`: the amount as the text the user typed. */
export function toCashoutRequest(method: PayoutMethod, account: string, amountText: string): CashoutRequest {
  return {
    wallet: method.name,
    amount: amountText.trim(),
    account: method.requiresAccount ? account.trim() : null,
  };
}
