import { act, renderHook } from '@testing-library/react';
import type { ApiError } from '@rewards/shared/api/api-error';
import { provideErrorMessages } from '@rewards/shared/translate/api-errors';
import { switchLocale } from '@rewards/shared/translate/messages';
import { useErrorText } from './format';

// The shell's catalog of API error codes, as it provides it (here only the codes these tests need).
beforeAll(() =>
  provideErrorMessages(async (locale) =>
    locale === 'de' ? { rate_limited: 'Zu viele Versuche.', too_long: 'Verwende höchstens {max} Zeichen.' } : { rate_limited: 'Too many attempts.', too_long: 'Use at most {max} characters.' },
  ),
);
afterEach(() => act(() => switchLocale('en')));

const refusal = (fields: Partial<ApiError>): ApiError => ({ status: 422, message: 'The given data was invalid.', ...fields }) as ApiError;

describe("the console's words for a failed call", () => {
  it('translates the code of a refusal and of a field into the page language, falling back to the server’s English', async () => {
    await act(() => switchLocale('de'));
    const { result } = renderHook(() => useErrorText());
    // The codes' words arrive once the hook asked for them.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const { errorMessage, fieldError } = result.current;
    expect(errorMessage(refusal({ status: 429, code: 'rate_limited', message: 'Too Many Attempts.' }))).toBe('Zu viele Versuche.');
    expect(errorMessage(refusal({ code: 'no_such_code', message: 'Something only the server knows.' }))).toBe('Something only the server knows.');
    const tooLong = refusal({ code: 'validation_failed', errors: { reason: ['The reason may not be greater than 500 characters.'] }, fieldCodes: { reason: [{ code: 'too_long', params: { max: 500 } }] } });
    expect(fieldError(tooLong, 'reason')).toBe('Verwende höchstens 500 Zeichen.');
    expect(fieldError(tooLong, 'amount')).toBeUndefined();
    expect(errorMessage({ status: 'NETWORK_ERROR' })).not.toMatch(/undefined/);
  });
});
