import { hasForbiddenNameCharacter, withoutForbiddenNameCharacters } from './name-characters';

describe('characters a name may not hold', () => {
  it.each([
    ['a right-to-left override', 'Ada\u202Egnp.exe'],
    ['a left-to-right embedding', '\u202AAda'],
    ['a pop directional formatting', 'Ada\u202C'],
    ['a first-strong isolate', 'Ada \u2068Lovelace\u2069'],
    ['a right-to-left isolate', '\u2067Ada'],
    ['a left-to-right mark', 'Ada\u200E'],
    ['an Arabic letter mark', 'Ada\u061C'],
    ['a newline', 'Ada\nLovelace'],
    ['a tab', 'Ada\tLovelace'],
    ['an escape sequence', 'Ada\u001b[31m'],
    ['a NUL', 'Ada\u0000'],
    ['a C1 control', 'Ada\u009B'],
    ['DEL', 'Ada\u007F'],
    ['a line separator', 'Ada\u2028Lovelace'],
    ['a paragraph separator', 'Ada\u2029Lovelace'],
    ['a zero-width space', 'A\u200Bda'],
    ['a byte order mark', '\uFEFFAda'],
    ['a tag character', 'Ada\u{E0041}'],
    ['a lone surrogate', 'Ada\uD800'],
  ])('refuses %s', (_label, name) => {
    expect(hasForbiddenNameCharacter(name)).toBe(true);
  });

  it.each([
    ['an ordinary name', 'Ada Lovelace'],
    ['an email local part with dots, plus, hyphens and underscores', 'ada.king+rewards_2-x'],
    ['digits only', '12345'],
    ['accents', 'José Müller-Łukasiewicz'],
    ['Arabic', 'محمد'],
    ['Hebrew', 'דוד'],
    ['Chinese', '王小明'],
    ['a Persian name with a zero-width non-joiner', 'می\u200Cخواهم'],
    ['an emoji sequence with zero-width joiners', 'Ada 👩\u200D💻'],
    ['an apostrophe', "O'Brien"],
    ['a no-break space', 'Ada\u00A0Lovelace'],
  ])('accepts %s', (_label, name) => {
    expect(hasForbiddenNameCharacter(name)).toBe(false);
  });

  it('removes every forbidden character and keeps the rest', () => {
    expect(withoutForbiddenNameCharacters('\u202EAda\u2066 Love\u0000lace\u2069\n')).toBe('Ada Lovelace');
    expect(withoutForbiddenNameCharacters('می\u200Cخواهم')).toBe('می\u200Cخواهم');
  });
});
