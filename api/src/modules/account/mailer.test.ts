import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { signUp } from '../../test/accounts';
import { buildTestApp } from '../../test/build-test-app';
import { useTestDatabase } from '../../test/test-database';

type Captured = { from: string; to: string[]; raw: string };

/** An SMTP server in this process that keeps every message it receives. */
async function startSmtpCapture() {
  const messages: Captured[] = [];
  const waiters: Array<(message: Captured) => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const message = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        };
        messages.push(message);
        waiters.splice(0).forEach((resolve) => resolve(message));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next: () => new Promise<Captured>((resolve) => waiters.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The subject and text of a captured message as a reader sees them: encoded words and quoted-printable decoded. */
function readable(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const [head, body] = [raw.slice(0, split), raw.slice(split)];
  const bytesOf = (text: string) => Buffer.from(text.replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
  const subject = head.replace(/\?=\s+=\?UTF-8\?Q\?/gi, '').replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_match, word: string) => bytesOf(word.replace(/_/g, ' ')));
  return `${subject}${bytesOf(body.replace(/=\r?\n/g, ''))}`;
}

describe('password reset email', () => {
  const database = useTestDatabase();

  it('goes out by SMTP when SMTP_URL is set, with the code that then verifies', async () => {
    const smtp = await startSmtpCapture();
    const app = await buildTestApp({ database: database(), env: { SMTP_URL: smtp.url, MAIL_FROM: 'Earnly <support@earnly.test>', RATE_LIMITS: 'off' } });
    try {
      // The sign-up's own email (the verification code) first, so the next one is the reset code.
      const verification = smtp.next();
      const { email } = await signUp(app);
      await verification;
      const arrived = smtp.next();
      const response = await app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email } });
      expect(response.json()).toEqual({ status: 'success', message: 'OTP code sent to your email successfully!' });
      const message = await arrived;
      expect(message.from).toBe('support@earnly.test');
      expect(message.to).toEqual([email]);
      const code = /password reset code is (\d{6})/.exec(message.raw)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const verified = await app.inject({ method: 'POST', url: '/api/user/verify-otp', payload: { email, otp: code } });
      expect(verified.statusCode).toBe(200);
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  it('mails the email verification code at sign-up by SMTP, and that code verifies the email', async () => {
    const smtp = await startSmtpCapture();
    const app = await buildTestApp({ database: database(), env: { SMTP_URL: smtp.url, MAIL_FROM: 'Earnly <support@earnly.test>', RATE_LIMITS: 'off' } });
    try {
      const arrived = smtp.next();
      const { email, token } = await signUp(app);
      const message = await arrived;
      expect(message.to).toEqual([email]);
      expect(message.raw).toContain('Your Earnly verification code:');
      const code = /email verification code is (\d{6})/.exec(message.raw)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const verified = await app.inject({ method: 'POST', url: '/api/user/verify-email', headers: { authorization: `Bearer ${token}` }, payload: { code } });
      expect(verified.json()).toEqual({ status: 'success', message: 'Email verified.' });
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  it('writes the verification email in German to a visitor who signs up from a German page (lang cookie), and the code verifies', async () => {
    const smtp = await startSmtpCapture();
    const app = await buildTestApp({ database: database(), env: { SMTP_URL: smtp.url, MAIL_FROM: 'Earnly <support@earnly.test>', RATE_LIMITS: 'off' } });
    try {
      const arrived = smtp.next();
      const password = 'correct horse 1';
      const email = `deutsch-${Date.now()}@example.com`;
      const response = await app.inject({
        method: 'POST',
        url: '/api/user/Register',
        headers: { cookie: 'lang=de', 'accept-language': 'fr-FR,fr;q=0.9' },
        payload: { name: 'Greta', email, password, password_confirmation: password },
      });
      expect(response.statusCode).toBe(201);
      const message = readable((await arrived).raw);
      expect(message).toContain('Dein Earnly-Bestätigungscode:');
      expect(message).toContain('Gib ihn im Banner oben auf der Seite ein. Er läuft in 30 Minuten ab.');
      const code = /Bestätigung deiner E-Mail-Adresse lautet (\d{6})\./.exec(message)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const token = response.cookies.find((cookie) => cookie.name === 'auth_token')!.value;
      const verified = await app.inject({ method: 'POST', url: '/api/user/verify-email', headers: { authorization: `Bearer ${token}` }, payload: { code } });
      expect(verified.statusCode).toBe(200);
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  it("writes a German user's emails in German whatever the browser asks for", async () => {
    const smtp = await startSmtpCapture();
    const app = await buildTestApp({ database: database(), env: { SMTP_URL: smtp.url, MAIL_FROM: 'Earnly <support@earnly.test>', RATE_LIMITS: 'off' } });
    try {
      const first = smtp.next();
      const { email, token } = await signUp(app);
      expect(readable((await first).raw)).toContain('Your Earnly verification code:');
      const chosen = await app.inject({ method: 'PUT', url: '/api/user/language', headers: { authorization: `Bearer ${token}` }, payload: { language: 'de' } });
      expect(chosen.statusCode).toBe(200);
      const reset = smtp.next();
      await app.inject({ method: 'POST', url: '/api/user/forgot-password', headers: { 'accept-language': 'es', cookie: 'lang=fr' }, payload: { email } });
      const message = readable((await reset).raw);
      expect(message).toContain('Dein Earnly-Code zum Zurücksetzen des Passworts');
      expect(message).toContain('Er läuft in 10 Minuten ab und funktioniert nur einmal.');
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  it('without SMTP_URL writes the verification code as one log line: "email verification code for <email>: <code>"', async () => {
    const lines: string[] = [];
    const config = loadConfig({ NODE_ENV: 'test', RATE_LIMITS: 'off' });
    let app: FastifyInstance | undefined;
    try {
      app = await buildApp({ config, database: database(), logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
      const { email } = await signUp(app);
      const matches = lines.map((line) => /email verification code for (\S+): (\d{6})/.exec(line)).filter((match) => match !== null);
      expect(matches).toHaveLength(1);
      expect(matches[0]?.[1]).toBe(email);
    } finally {
      await app?.close();
    }
  });

  it('without SMTP_URL is one server log line: "password reset code for <email>: <code>"', async () => {
    const lines: string[] = [];
    const config = loadConfig({ NODE_ENV: 'test', RATE_LIMITS: 'off' });
    let app: FastifyInstance | undefined;
    try {
      app = await buildApp({ config, database: database(), logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
      const { email } = await signUp(app);
      await app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email } });
      const matches = lines.map((line) => /password reset code for (\S+): (\d{6})/.exec(line)).filter((match) => match !== null);
      expect(matches).toHaveLength(1);
      expect(matches[0]?.[1]).toBe(email);
      expect(lines.filter((line) => line.includes(matches[0]![2]!))).toHaveLength(1);
      const verified = await app.inject({ method: 'POST', url: '/api/user/verify-otp', payload: { email, otp: matches[0]?.[2] } });
      expect(verified.statusCode).toBe(200);
    } finally {
      await app?.close();
    }
  });
});
