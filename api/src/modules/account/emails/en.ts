/**
 * The emails' words in English, the source every other language's file is checked against (ICU MessageFormat:
 * `{code}`, `{minutes, plural, …}`). `{brand}` is the site's name.
 */
export const en = {
  'signIn.subject': 'Your {brand} sign-in code: {code}',
  'signIn.lead': 'Your sign-in code is {code}.',
  'signIn.ifNotYou': 'If you did not try to sign in, someone knows your password: reset it now.',
  'stepUp.subject': 'Your {brand} cashout code: {code}',
  'stepUp.lead': 'The code that confirms your cashout is {code}.',
  'stepUp.ifNotYou': 'If you did not ask for a cashout, reset your password now and contact support.',
  'settings.subject': 'Your {brand} two-factor code: {code}',
  'settings.lead': 'The code to change your two-factor authentication is {code}.',
  'settings.ifNotYou': 'If you did not ask for it, reset your password now: someone is signed in to your account.',
  'staff.subject': 'Your {brand} staff console code: {code}',
  'staff.lead': 'The code that opens the staff console is {code}.',
  'staff.ifNotYou': 'If you did not open the staff console, someone is signed in to your account: reset your password now and tell an admin.',
  'passwordReset.subject': 'Your {brand} password reset code: {code}',
  'passwordReset.lead': 'Your {brand} password reset code is {code}.',
  'passwordReset.ifNotYou': 'If you did not ask to reset your password, ignore this email: your password stays as it is.',
  'verification.subject': 'Your {brand} verification code: {code}',
  'verification.lead': 'Your {brand} email verification code is {code}.',
  'verification.expires': 'Type it in the banner at the top of the site. It expires in {minutes, plural, one {# minute} other {# minutes}}.',
  'verification.ifNotYou': 'If you did not sign up to {brand}, ignore this email: somebody typed your address by mistake.',
  'code.expires': 'It expires in {minutes, plural, one {# minute} other {# minutes}} and works once.',

  'notification.subject': '{brand}: {title}',
  'notification.open': 'Open {url}',
  'notification.whyAlways': 'This email is always sent: it protects your account.',
  'notification.whySetting': 'You get this email because "{setting}" is on in your {brand} settings; turn it off there.',
  'notification.setting.cashouts': 'Email me about cashouts',
  'notification.setting.tickets': 'Email me about support tickets',
  'notification.setting.security': 'Email me about security',
  'notification.reason': '{sentence} Reason: {reason}',
  'notification.cashout_paid.title': 'Cashout paid',
  'notification.cashout_paid.body': 'Your {amount} {method} cashout was sent.',
  'notification.cashout_rejected.title': 'Cashout rejected',
  'notification.cashout_rejected.body': 'Your {amount} {method} cashout was rejected and refunded to your balance.',
  'notification.ticket_answered.title': 'Support answered your ticket',
  'notification.ticket_answered.body': 'About “{offer}”: read the answer.',
  'notification.new_sign_in.title': 'New sign-in to your account',
  'notification.new_sign_in.body': 'Signed in with {device}{ip, select, none {} other { from {ip}}}. If this was not you, reset your password now.',
  'notification.password_changed.title': 'Your password was changed',
  'notification.password_changed.body': 'You were signed out everywhere. If you did not change it, reset your password now and contact support.',
  'notification.two_factor_changed.title': '{method, select, off {Two-factor authentication turned off} other {Two-factor authentication turned on}}',
  'notification.two_factor_changed.body':
    '{method, select, off {Signing in now needs only your password. If this was not you, reset your password now.} totp {Signing in now needs a code from your authenticator app too.} other {Signing in now needs a code we email you too.}}',
} as const;

export type EmailMessageKey = keyof typeof en;
export type EmailMessages = Record<EmailMessageKey, string>;
