import { IntlMessageFormat } from 'intl-messageformat';
import { LOCALES } from '@rewards/shared/i18n/locales';
import { codeEmail, type CodeEmailKind } from '../mailer';
import { en } from './en';
import { EMAIL_MESSAGES, emailDollars, emailLocale, emailText } from './render';

type AstNode = { type: number; value?: string; options?: Record<string, { value: AstNode[] }>; children?: AstNode[] };

/** The names a message fills in (`{code}`, `{minutes, plural, …}`…), from its parsed form. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (nodes: AstNode[]) => {
    for (const node of nodes) {
      if (node.type >= 1 && node.type <= 6 && node.value) names.add(node.value);
      for (const option of Object.values(node.options ?? {})) walk(option.value);
      if (node.children) walk(node.children);
    }
  };
  walk(new IntlMessageFormat(message, 'en', undefined, { ignoreTag: true }).getAst() as unknown as AstNode[]);
  return [...names].sort();
}

describe('the emails in every language', () => {
  it.each(LOCALES)('%s has every message of English, no other, each parsing with the same values', (locale) => {
    const messages = EMAIL_MESSAGES[locale];
    expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
    for (const [key, message] of Object.entries(messages)) {
      expect({ key, names: argumentsOf(message) }).toEqual({ key, names: argumentsOf(en[key as keyof typeof en]) });
    }
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s is a translation, not English left in place', (locale) => {
    const same = Object.entries(EMAIL_MESSAGES[locale]).filter(([key, message]) => message === en[key as keyof typeof en] && key !== 'notification.subject');
    expect(same).toEqual([]);
  });

  it('writes the English code emails word for word as before', () => {
    expect(codeEmail('verification', '123456', 'en')).toEqual({
      subject: 'Your Earnly verification code: 123456',
      text: [
        'Your Earnly email verification code is 123456.',
        '',
        'Type it in the banner at the top of the site. It expires in 30 minutes.',
        'If you did not sign up to Earnly, ignore this email: somebody typed your address by mistake.',
      ].join('\n'),
    });
    expect(codeEmail('signIn', '654321', 'en').text).toBe(
      ['Your sign-in code is 654321.', '', 'It expires in 30 minutes and works once.', 'If you did not try to sign in, someone knows your password: reset it now.'].join('\n'),
    );
  });

  it.each(['signIn', 'stepUp', 'settings', 'staff', 'passwordReset', 'verification'] satisfies CodeEmailKind[])('writes the %s email in German with its code in subject and text', (kind) => {
    const { subject, text } = codeEmail(kind, '246810', 'de');
    expect(subject).toMatch(/^Dein Earnly-.*: 246810$/);
    expect(text).toContain('246810');
    expect(text).toMatch(/Minuten/);
  });

  it('writes German minutes, Brazilian Portuguese and French words, and dollars as each locale writes them', () => {
    expect(codeEmail('passwordReset', '111111', 'pt-BR').subject).toBe('Seu código para redefinir a senha do Earnly: 111111');
    expect(codeEmail('signIn', '111111', 'fr').text).toContain('Il expire dans 30 minutes');
    expect(emailText('es', 'code.expires', { minutes: 1 })).toBe('Caduca en 1 minuto y solo sirve una vez.');
    expect(emailDollars('en', 1234.5)).toBe('$1,234.50');
    expect(emailDollars('de', 1234.5)).toBe('1.234,50\u00a0$');
  });

  it('chooses the user language, else the request language (the pseudo-language as English), else English', () => {
    expect(emailLocale('de', 'fr')).toBe('de');
    expect(emailLocale(null, 'fr')).toBe('fr');
    expect(emailLocale(null, 'en-XA')).toBe('en');
    expect(emailLocale('xx', undefined)).toBe('en');
    expect(emailLocale(undefined, undefined)).toBe('en');
  });
});
