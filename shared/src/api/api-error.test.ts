import { fieldRefusal, firstFieldRefusal } from '../translate/api-errors';
import { httpError } from './api-error';

describe('an error answer decoded', () => {
  const answer = {
    status: 'error',
    code: 'validation_failed',
    message: 'The password must be at least 8 characters.',
    errors: { password: ['The password must be at least 8 characters.'], email: ['The email field is required.'] },
    field_codes: { password: [{ code: 'too_short', params: { min: 8 } }], email: [{ code: 'required' }] },
  };

  it('keeps each field error with its code and values', () => {
    const error = httpError(422, answer);
    expect(fieldRefusal(error, 'password')).toEqual({ code: 'too_short', params: { min: 8 }, message: 'The password must be at least 8 characters.' });
    expect(fieldRefusal(error, 'email')).toEqual({ code: 'required', message: 'The email field is required.' });
    expect(fieldRefusal(error, 'name')).toBeUndefined();
    expect(firstFieldRefusal(error)).toEqual(fieldRefusal(error, 'password'));
  });

  it('keeps the message alone when the answer gives no code for it (an older server)', () => {
    const { field_codes: _, ...withoutCodes } = answer;
    expect(fieldRefusal(httpError(422, withoutCodes), 'email')).toEqual({ message: 'The email field is required.' });
  });

  it('keeps the values a code names, and leaves out what is not values', () => {
    expect(httpError(429, { status: 'error', code: 'daily_limit_reached', message: 'x', params: { limit: '$5.00' } }).params).toEqual({ limit: '$5.00' });
    expect(httpError(429, { status: 'error', code: 'x', message: 'x', params: { limit: { nested: 1 } } }).params).toBeUndefined();
    const odd = httpError(422, { ...answer, field_codes: { password: 'too_short', email: [null, { code: 3 }, { code: 'required', params: [1] }] } });
    expect(odd.fieldCodes).toEqual({ email: [{ code: 'required' }] });
    expect(fieldRefusal(odd, 'password')).toEqual({ message: 'The password must be at least 8 characters.' });
  });
});
