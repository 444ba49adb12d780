import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { ERROR_CODES, type ErrorCode } from '@rewards/shared/contracts/error-codes';
import { LOCALES } from '@rewards/shared/i18n/locales';
import { findRepoRoot } from '../repo-root';

/**
 * The shell's translations of the API's error codes (shell/src/errors/messages/<locale>.json): one key per
 * code of shared/src/contracts/error-codes.ts in every language, no other, each a message ICU can format.
 */
const messagesDir = join(findRepoRoot(), 'shell', 'src', 'errors', 'messages');
const messagesOf = (locale: string): Record<string, unknown> => JSON.parse(readFileSync(join(messagesDir, `${locale}.json`), 'utf8'));

type AstNode = { type: number; value?: string; options?: Record<string, { value: AstNode[] }> };

function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (nodes: AstNode[]) => {
    for (const node of nodes) {
      if (node.type >= 1 && node.type <= 6 && node.value) names.add(node.value);
      for (const option of Object.values(node.options ?? {})) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(message, 'en', undefined, { ignoreTag: true }).getAst() as unknown as AstNode[]);
  return [...names].sort();
}

const SAMPLE_PARAMS = { limit: '$5.00', hours: 24, max: 3, min: 8, version: 7, file: 'faq.json' };

describe("the error codes' messages in every language", () => {
  it('English is the contract’s message of each code, word for word', () => {
    expect(messagesOf('en')).toEqual(ERROR_CODES);
  });

  it.each(LOCALES)('%s has a message for every code and no key that is not a code', (locale) => {
    const keys = Object.keys(messagesOf(locale));
    const codes = Object.keys(ERROR_CODES);
    expect({ missing: codes.filter((code) => !keys.includes(code)), notCodes: keys.filter((key) => !codes.includes(key)) }).toEqual({ missing: [], notCodes: [] });
  });

  it.each(LOCALES)('%s: each message is non-empty ICU naming the values English names, with its apostrophes kept', (locale) => {
    for (const [code, message] of Object.entries(messagesOf(locale))) {
      expect({ code, type: typeof message }).toEqual({ code, type: 'string' });
      const text = message as string;
      expect({ code, empty: text.trim() === '' }).toEqual({ code, empty: false });
      expect({ code, names: argumentsOf(text) }).toEqual({ code, names: argumentsOf(ERROR_CODES[code as ErrorCode]) });
      const formatted = String(new IntlMessageFormat(text, locale, undefined, { ignoreTag: true }).format(SAMPLE_PARAMS));
      // A lone ' before { or } starts ICU quoting and swallows text: every brace must be filled in.
      expect({ code, formatted, braces: /[{}]/.test(formatted) }).toEqual({ code, formatted, braces: false });
      const apostrophes = (value: string) => (value.match(/'/g) ?? []).length;
      expect({ code, kept: apostrophes(formatted) }).toEqual({ code, kept: apostrophes(text.replace(/''/g, "'")) });
    }
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s is translated, not English left in place', (locale) => {
    const untranslated = Object.entries(messagesOf(locale)).filter(([code, message]) => message === ERROR_CODES[code as ErrorCode]);
    expect(untranslated).toEqual([]);
  });
});
