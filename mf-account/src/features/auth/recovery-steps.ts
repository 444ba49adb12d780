// The forgot-password steps, loaded apart from the sign-in modal (asked for as it opens): few sign-ins need them.
export { ForgotEmailStep } from './forgot-email-step';
export { ResetPasswordStep } from './reset-password-step';
export { VerifyOtpStep } from './verify-otp-step';
