import { isCompleteOtp, recoveryErrorMessage, resetPasswordProblem, sanitizeOtp } from './password-recovery';

describe('OTP input (spec §5)', () => {
  it('keeps digits only', () => {
    expect(sanitizeOtp('12a3-4 5')).toBe('12345');
  });

  it('keeps at most 6 digits', () => {
    expect(sanitizeOtp('12345678')).toBe('123456');
  });

  it('enables Verify only for exactly 6 digits', () => {
    expect(isCompleteOtp('12345')).toBe(false);
    expect(isCompleteOtp('123456')).toBe(true);
    expect(isCompleteOtp('12345a')).toBe(false);
    expect(isCompleteOtp('1234567')).toBe(false);
  });
});

describe('reset password checks (spec §5)', () => {
  it('says "Passwords do not match" when the confirmation differs', () => {
    expect(resetPasswordProblem('secret1', 'secret2')).toBe('Passwords do not match');
  });

  it('says "Password must be at least 6 characters long" for 5 characters', () => {
    expect(resetPasswordProblem('abcde', 'abcde')).toBe('Password must be at least 6 characters long');
  });

  it('accepts 6 matching characters', () => {
    expect(resetPasswordProblem('abcdef', 'abcdef')).toBeNull();
  });
});

describe('recovery error messages (spec §8)', () => {
  it('shows the server message when there is one', () => {
    expect(recoveryErrorMessage({ status: 429, message: 'Too many attempts.' }, 'Failed to send OTP code')).toBe('Too many attempts.');
  });

  it('falls back to the step message for an answer without one', () => {
    expect(recoveryErrorMessage({ status: 500 }, 'Failed to send OTP code')).toBe('Failed to send OTP code');
    expect(recoveryErrorMessage({ status: 400 }, 'Invalid OTP code')).toBe('Invalid OTP code');
  });

  it('says "An error occurred. Please try again." when no answer came', () => {
    expect(recoveryErrorMessage({ status: 'NETWORK_ERROR' }, 'Failed to send OTP code')).toBe('An error occurred. Please try again.');
    expect(recoveryErrorMessage({ status: 'TIMEOUT' }, 'Failed to reset password')).toBe('An error occurred. Please try again.');
  });
});
