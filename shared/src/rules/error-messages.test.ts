import { isSuccessMessage, signInErrorMessage, signUpErrorMessage } from './error-messages';

describe('sign-in error messages (spec §8)', () => {
  it('prefers the server message, then the first field error', () => {
    expect(signInErrorMessage({ status: 401, message: 'Account locked' })).toBe('Account locked');
    expect(signInErrorMessage({ status: 422, errors: { email: ['The email is invalid.'] } })).toBe('The email is invalid.');
  });

  it('falls back by status', () => {
    expect(signInErrorMessage({ status: 422 })).toBe('Invalid login credentials');
    expect(signInErrorMessage({ status: 401 })).toBe('Email or password is incorrect');
    expect(signInErrorMessage({ status: 503 })).toBe('Server error, please try again');
    expect(signInErrorMessage({ status: 'NETWORK_ERROR' })).toBe('Network connection problem');
    expect(signInErrorMessage({ status: 404 })).toBe('An unexpected error occurred, please try again');
  });

  it('says "Invalid registration data" for a 422 of the hero sign-up', () => {
    expect(signInErrorMessage({ status: 422 }, 'Invalid registration data')).toBe('Invalid registration data');
  });
});

describe('sign-up error messages (spec §8)', () => {
  it('falls back to "Invalid input data" for 422, else a generic message', () => {
    expect(signUpErrorMessage({ status: 422 })).toBe('Invalid input data');
    expect(signUpErrorMessage({ status: 500 })).toBe('An error occurred, please try again');
    expect(signUpErrorMessage({ status: 422, errors: { email: ['Taken'] } })).toBe('Taken');
  });
});

describe('success styling', () => {
  it('styles a message containing "successfully" as success', () => {
    expect(isSuccessMessage('OTP code sent to your email successfully!')).toBe(true);
    expect(isSuccessMessage('Invalid OTP code')).toBe(false);
  });
});
