import { MINIMUM_CASHOUT_DOLLARS } from '../constants';
import type { PayoutMethodName } from './cashout-types';
import { findPayoutMethod, PAYOUT_METHOD_NAMES, PAYOUT_METHODS } from './payout-methods';

// A Record forces this list to name every PayoutMethodName: a method added to the type fails to compile here.
const EVERY_NAME: Record<PayoutMethodName, true> = { stake: true, visa: true, paypal: true, letcoin: true, payeer: true };

describe('payout methods (spec §3)', () => {
  it('lists each method of the contract once, in page order', () => {
    expect(PAYOUT_METHOD_NAMES).toEqual(['stake', 'visa', 'paypal', 'letcoin', 'payeer']);
    expect([...PAYOUT_METHOD_NAMES].sort()).toEqual(Object.keys(EVERY_NAME).sort());
  });

  it.each([
    ['stake', 'Stake Username'],
    ['visa', 'Email Address'],
    ['paypal', 'PayPal Email'],
    ['letcoin', 'Letcoin Wallet Address'],
    ['payeer', 'Payeer Account ID'],
  ])('asks %s for its "%s"', (name, label) => {
    expect(findPayoutMethod(name)).toMatchObject({ accountLabel: label, requiresAccount: true });
  });

  it('sends PayPal and the Visa gift card to an email address', () => {
    expect(PAYOUT_METHODS.filter((method) => method.accountKind === 'email').map((method) => method.name)).toEqual(['visa', 'paypal']);
  });

  it('starts every method at $0.25 (spec §9)', () => {
    expect(MINIMUM_CASHOUT_DOLLARS).toBe(0.25);
    expect(PAYOUT_METHODS.every((method) => method.minimum === MINIMUM_CASHOUT_DOLLARS)).toBe(true);
  });

  it('knows only the five names', () => {
    expect(findPayoutMethod('paypal')?.title).toBe('PayPal');
    expect(findPayoutMethod('bitcoin')).toBeUndefined();
    expect(findPayoutMethod('toString')).toBeUndefined();
  });
});
