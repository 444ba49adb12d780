import { PAYOUT_METHODS, type PayoutMethod } from '../payout-methods';
import { t } from '../../messages';
import { cashoutProblemText, toCashoutRequest, validateCashout as findProblem } from './cashout-validation';

const AMOUNT_DECIMALS_MESSAGE = 'Enter the amount in dollars and cents, with at most 2 decimals (e.g. 1.50)';

/** The words the form shows for these values, or null when it may be sent. */
function validateCashout(method: PayoutMethod, account: string, amount: string): string | null {
  const problem = findProblem(method, account, amount);
  return problem ? cashoutProblemText(problem, method, t) : null;
}

function method(name: PayoutMethod['name']): PayoutMethod {
  const found = PAYOUT_METHODS.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`No payout method ${name}`);
  return found;
}

const paypal = method('paypal');

describe('cashout validation (spec §5)', () => {
  it.each([
    ['stake', 'Please enter your Stake Username'],
    ['visa', 'Please enter your Email Address'],
    ['paypal', 'Please enter your PayPal Email'],
    ['letcoin', 'Please enter your Letcoin Wallet Address'],
    ['payeer', 'Please enter your Payeer Account ID'],
  ] as const)('asks a %s cashout for its account: "%s"', (name, message) => {
    expect(validateCashout(method(name), '', '5')).toBe(message);
  });

  it('counts an account of spaces only as empty', () => {
    expect(validateCashout(paypal, '   ', '5')).toBe('Please enter your PayPal Email');
  });

  it('does not ask for an account when the method needs none', () => {
    expect(validateCashout({ ...paypal, requiresAccount: false }, '', '5')).toBeNull();
  });

  it.each(['', '   ', '0', '0.10', '0.24', '-1', 'abc'])('shows "Minimum amount is $0.25" for "%s"', (amount) => {
    expect(validateCashout(paypal, 'pat@example.com', amount)).toBe('Minimum amount is $0.25');
  });

  it('checks the account before the amount', () => {
    expect(validateCashout(paypal, '', '0.10')).toBe('Please enter your PayPal Email');
  });

  it.each(['1.234', '0.255', '1e1', '1,000.00'])('refuses "%s": at most 2 decimals', (amount) => {
    expect(validateCashout(paypal, 'pat@example.com', amount)).toBe(AMOUNT_DECIMALS_MESSAGE);
  });

  it('refuses more than 9 digits of dollars, as Cashout/Store does', () => {
    expect(validateCashout(paypal, 'pat@example.com', '1000000000')).toBe('The amount is too large.');
  });

  it.each(['0.25', '1', '1.5', '12.34', ' 3.10 ', '.5', '1.100'])('accepts %s', (amount) => {
    expect(validateCashout(paypal, 'pat@example.com', amount)).toBeNull();
  });

  it('sends the method name, the amount as the text typed and the trimmed account', () => {
    expect(toCashoutRequest(paypal, ' pat@example.com ', '12.50')).toEqual({
      wallet: 'paypal',
      amount: '12.50',
      account: 'pat@example.com',
    });
  });

  it('sends a null account when the method needs none', () => {
    expect(toCashoutRequest({ ...paypal, requiresAccount: false }, 'ignored', '1')).toEqual({
      wallet: 'paypal',
      amount: '1',
      account: null,
    });
  });
});
