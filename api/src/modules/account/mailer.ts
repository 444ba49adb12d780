import nodemailer from 'nodemailer';
import type { Locale } from '@rewards/shared/i18n/locales';
import type { NotificationMailer } from '../notifications/delivery';
import { EMAIL_CODE_TTL_MINUTES as VERIFICATION_CODE_TTL_MINUTES } from './email-verification-codes';
import { emailText } from './emails/render';
import { OTP_TTL_MINUTES } from './repository';
import { EMAIL_CODE_TTL_MINUTES } from '../two-factor/repository';

/**
 * Sends the account emails: the password reset and email verification codes, the two-factor codes, and the
 * notifications that go by email too. Each code email is written in `locale` (see emailLocale).
 */
export type Mailer = NotificationMailer & {
  sendPasswordResetCode(email: string, code: string, locale: Locale): Promise<void>;
  sendEmailVerificationCode(email: string, code: string, locale: Locale): Promise<void>;
  /** The second step of a sign-in (email two-factor). */
  sendSignInCode(email: string, code: string, locale: Locale): Promise<void>;
  /** The code that confirms a risky cashout. */
  sendStepUpCode(email: string, code: string, locale: Locale): Promise<void>;
  /** The code that turns email two-factor on, or two-factor off (Settings). */
  sendTwoFactorSettingsCode(email: string, code: string, locale: Locale): Promise<void>;
  /** The code that opens the staff console (staff with email two-factor). */
  sendStaffConsoleCode(email: string, code: string, locale: Locale): Promise<void>;
  close(): void;
};

export type CodeEmailKind = 'signIn' | 'stepUp' | 'settings' | 'staff' | 'passwordReset' | 'verification';

const MINUTES_OF: Record<CodeEmailKind, number> = {
  signIn: EMAIL_CODE_TTL_MINUTES,
  stepUp: EMAIL_CODE_TTL_MINUTES,
  settings: EMAIL_CODE_TTL_MINUTES,
  staff: EMAIL_CODE_TTL_MINUTES,
  passwordReset: OTP_TTL_MINUTES,
  verification: VERIFICATION_CODE_TTL_MINUTES,
};

/** A code email's subject and text in `locale`: the code, how long it lasts, what to do if it was not you. */
export function codeEmail(kind: CodeEmailKind, code: string, locale: Locale): { subject: string; text: string } {
  const minutes = MINUTES_OF[kind];
  const expires = kind === 'verification' ? emailText(locale, 'verification.expires', { minutes }) : emailText(locale, 'code.expires', { minutes });
  return {
    subject: emailText(locale, `${kind}.subject`, { code }),
    text: [emailText(locale, `${kind}.lead`, { code }), '', expires, emailText(locale, `${kind}.ifNotYou`)].join('\n'),
  };
}

/** Where the development fallback writes (the server's log, or an operator's terminal). */
export type MailLog = { info(message: string): void };

export type MailerOptions = { smtpUrl: string | undefined; from: string; log: MailLog };

/**
 * SMTP when SMTP_URL is set. Otherwise each email goes to the log as one line: `password reset code for
 * <email>: <code>` and `email verification code for <email>: <code>` (which development and the end-to-end
 * tests read), `email to <email>: <subject>`.
 */
export function createMailer({ smtpUrl, from, log }: MailerOptions): Mailer {
  if (!smtpUrl) {
    return {
      async sendPasswordResetCode(email, code) {
        log.info(`password reset code for ${email}: ${code}`);
      },
      async sendSignInCode(email, code) {
        log.info(`sign-in code for ${email}: ${code}`);
      },
      async sendStepUpCode(email, code) {
        log.info(`cashout code for ${email}: ${code}`);
      },
      async sendTwoFactorSettingsCode(email, code) {
        log.info(`two-factor code for ${email}: ${code}`);
      },
      async sendEmailVerificationCode(email, code) {
        log.info(`email verification code for ${email}: ${code}`);
      },
      async sendStaffConsoleCode(email, code) {
        log.info(`staff console code for ${email}: ${code}`);
      },
      async sendNotificationEmail(email, { subject }) {
        log.info(`email to ${email}: ${subject}`);
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  const sendCode = async (kind: CodeEmailKind, email: string, code: string, locale: Locale) => {
    await transport.sendMail({ from, to: email, ...codeEmail(kind, code, locale) });
  };
  return {
    sendSignInCode: (email, code, locale) => sendCode('signIn', email, code, locale),
    sendStepUpCode: (email, code, locale) => sendCode('stepUp', email, code, locale),
    sendTwoFactorSettingsCode: (email, code, locale) => sendCode('settings', email, code, locale),
    sendStaffConsoleCode: (email, code, locale) => sendCode('staff', email, code, locale),
    sendPasswordResetCode: (email, code, locale) => sendCode('passwordReset', email, code, locale),
    sendEmailVerificationCode: (email, code, locale) => sendCode('verification', email, code, locale),
    async sendNotificationEmail(email, { subject, text }) {
      await transport.sendMail({ from, to: email, subject, text });
    },
    close: () => transport.close(),
  };
}
