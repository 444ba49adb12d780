import nodemailer from 'nodemailer';
import { BRAND_NAME } from '@rewards/shared/brand';
import type { NotificationMailer } from '../notifications/delivery';
import { EMAIL_CODE_TTL_MINUTES as VERIFICATION_CODE_TTL_MINUTES } from './email-verification-codes';
import { OTP_TTL_MINUTES } from './repository';
import { EMAIL_CODE_TTL_MINUTES } from '../two-factor/repository';

/** Sends the account emails: the password reset and email verification codes, the two-factor codes, and the notifications that go by email too. */
export type Mailer = NotificationMailer & {
  sendPasswordResetCode(email: string, code: string): Promise<void>;
  sendEmailVerificationCode(email: string, code: string): Promise<void>;
  /** The second step of a sign-in (email two-factor). */
  sendSignInCode(email: string, code: string): Promise<void>;
  /** The code that confirms a risky cashout. */
  sendStepUpCode(email: string, code: string): Promise<void>;
  /** The code that turns email two-factor on, or two-factor off (Settings). */
  sendTwoFactorSettingsCode(email: string, code: string): Promise<void>;
  /** The code that opens the staff console (staff with email two-factor). */
  sendStaffConsoleCode(email: string, code: string): Promise<void>;
  close(): void;
};

type CodeEmail = { subject: string; lead: string; ifNotYou: string };

const CODE_EMAILS = {
  signIn: { subject: 'sign-in code', lead: 'Your sign-in code', ifNotYou: 'If you did not try to sign in, someone knows your password: reset it now.' },
  stepUp: { subject: 'cashout code', lead: 'The code that confirms your cashout', ifNotYou: 'If you did not ask for a cashout, reset your password now and contact support.' },
  settings: {
    subject: 'two-factor code',
    lead: 'The code to change your two-factor authentication',
    ifNotYou: 'If you did not ask for it, reset your password now: someone is signed in to your account.',
  },
  staff: {
    subject: 'staff console code',
    lead: 'The code that opens the staff console',
    ifNotYou: 'If you did not open the staff console, someone is signed in to your account: reset your password now and tell an admin.',
  },
} satisfies Record<string, CodeEmail>;

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
  const sendCode = async (email: string, code: string, { subject, lead, ifNotYou }: CodeEmail) => {
    await transport.sendMail({
      from,
      to: email,
      subject: `Your ${BRAND_NAME} ${subject}: ${code}`,
      text: [`${lead} is ${code}.`, '', `It expires in ${EMAIL_CODE_TTL_MINUTES} minutes and works once.`, ifNotYou].join('\n'),
    });
  };
  return {
    sendSignInCode: (email, code) => sendCode(email, code, CODE_EMAILS.signIn),
    sendStepUpCode: (email, code) => sendCode(email, code, CODE_EMAILS.stepUp),
    sendTwoFactorSettingsCode: (email, code) => sendCode(email, code, CODE_EMAILS.settings),
    sendStaffConsoleCode: (email, code) => sendCode(email, code, CODE_EMAILS.staff),
    async sendPasswordResetCode(email, code) {
      await transport.sendMail({
        from,
        to: email,
        subject: `Your ${BRAND_NAME} password reset code: ${code}`,
        text: [
          `Your ${BRAND_NAME} password reset code is ${code}.`,
          '',
          `It expires in ${OTP_TTL_MINUTES} minutes and works once.`,
          'If you did not ask to reset your password, ignore this email: your password stays as it is.',
        ].join('\n'),
      });
    },
    async sendEmailVerificationCode(email, code) {
      await transport.sendMail({
        from,
        to: email,
        subject: `Your ${BRAND_NAME} verification code: ${code}`,
        text: [
          `Your ${BRAND_NAME} email verification code is ${code}.`,
          '',
          `Type it in the banner at the top of the site. It expires in ${VERIFICATION_CODE_TTL_MINUTES} minutes.`,
          `If you did not sign up to ${BRAND_NAME}, ignore this email: somebody typed your address by mistake.`,
        ].join('\n'),
      });
    },
    async sendNotificationEmail(email, { subject, text }) {
      await transport.sendMail({ from, to: email, subject, text });
    },
    close: () => transport.close(),
  };
}
