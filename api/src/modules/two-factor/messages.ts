/** What people read when two-factor answers or refuses; the frontend shows `message` as it is. */
export const TWO_FACTOR_MESSAGES = {
  invalidCode: 'Invalid code.',
  challengeExpired: 'This sign-in has expired. Please sign in again.',
  codeSent: 'We sent a code to your email.',
  codeResent: 'We sent a new code to your email.',
  waitBeforeResend: 'Please wait a minute before asking for another code.',
  tooManyWrongCodes: 'Too many wrong codes. Please try again in 30 minutes.',
  alreadyOn: 'Two-factor authentication is already on.',
  alreadyOff: 'Two-factor authentication is already off.',
  setUpFirst: 'Set up your authenticator app first.',
  passwordRequired: 'The password field is required.',
  wrongPassword: 'The password is incorrect.',
  notEmailMethod: 'This sign-in does not use emailed codes.',
  enabled: 'Two-factor authentication is on.',
  disabled: 'Two-factor authentication is off.',
  stepUpRequired: 'Enter the code we sent to confirm this cashout.',
} as const;
