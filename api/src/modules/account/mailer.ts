import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { BRAND_NAME } from '@rewards/shared/brand';
import { OTP_TTL_MINUTES } from './repository';

/** Sends the account emails (today: the password reset code). */
export type Mailer = {
  sendPasswordResetCode(email: string, code: string): Promise<void>;
  close(): void;
};

export type MailerOptions = { smtpUrl: string | undefined; from: string; log: FastifyBaseLogger };

/**
 * SMTP when SMTP_URL is set. Otherwise the code goes to the server log as one line,
 * `password reset code for <email>: <code>`, which development and the end-to-end tests read.
 */
export function createMailer({ smtpUrl, from, log }: MailerOptions): Mailer {
  if (!smtpUrl) {
    return {
      async sendPasswordResetCode(email, code) {
        log.info(`password reset code for ${email}: ${code}`);
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
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
    close: () => transport.close(),
  };
}
