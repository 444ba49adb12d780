import { CASHOUT_GENERIC_ERROR, cashoutErrorMessage, isOutcomeUnknown } from './cashout-errors';

describe('cashout errors (spec §8)', () => {
  it('shows the message of a refusal from the server', () => {
    expect(cashoutErrorMessage({ status: 422, message: 'Insufficient balance' })).toBe('Insufficient balance');
    expect(cashoutErrorMessage({ status: 200, message: 'Cashouts are paused' })).toBe('Cashouts are paused');
  });

  it.each([
    ['a refusal without a message', { status: 400 }],
    ['a network failure', { status: 'NETWORK_ERROR' }],
    ['a timeout', { status: 'TIMEOUT' }],
    ['a server error', { status: 500, message: 'Internal Server Error' }],
    ['something that is not an API error', new Error('boom')],
  ])('shows "An error occurred. Please try again." for %s', (_, error) => {
    expect(cashoutErrorMessage(error)).toBe(CASHOUT_GENERIC_ERROR);
  });

  it('knows the outcome of a refusal, not of a network failure, a timeout or a server error', () => {
    expect(isOutcomeUnknown({ status: 422, message: 'Insufficient balance' })).toBe(false);
    expect(isOutcomeUnknown({ status: 'NETWORK_ERROR' })).toBe(true);
    expect(isOutcomeUnknown({ status: 'TIMEOUT' })).toBe(true);
    expect(isOutcomeUnknown({ status: 503 })).toBe(true);
  });
});
