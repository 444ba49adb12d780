import { t } from '../../messages';
import { cashoutErrorMessage as wordError, isOutcomeUnknown, type ApiErrorText } from './cashout-errors';

const CASHOUT_GENERIC_ERROR = 'An error occurred. Please try again.';

/** As `useApiErrorText` answers when the code has no translation: the API's message, else the fallback. */
const untranslated: ApiErrorText = (refusal, fallback) => refusal?.message || fallback;

function cashoutErrorMessage(error: unknown, errorText: ApiErrorText = untranslated): string {
  return wordError(error, errorText, t('cashout.error.generic'));
}

describe('cashout errors (spec §8)', () => {
  it('shows the message of a refusal from the server', () => {
    expect(cashoutErrorMessage({ status: 422, message: 'Insufficient balance' })).toBe('Insufficient balance');
    expect(cashoutErrorMessage({ status: 200, message: 'Cashouts are paused' })).toBe('Cashouts are paused');
  });

  it('shows the translation of a refusal\'s code when there is one', () => {
    const translated: ApiErrorText = (refusal, fallback) => (refusal?.code === 'insufficient_balance' ? 'Guthaben reicht nicht' : fallback);
    expect(cashoutErrorMessage({ status: 422, code: 'insufficient_balance', message: 'Insufficient balance' }, translated)).toBe('Guthaben reicht nicht');
    expect(cashoutErrorMessage({ status: 422, code: 'insufficient_balance' }, translated)).toBe('Guthaben reicht nicht');
  });

  it('does not translate the code of a server error: the generic sentence', () => {
    const translated: ApiErrorText = () => 'translated';
    expect(cashoutErrorMessage({ status: 503, code: 'internal', message: 'Down' }, translated)).toBe(CASHOUT_GENERIC_ERROR);
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
