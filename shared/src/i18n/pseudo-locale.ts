import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

const ACCENTED: Record<string, string> = {
  a: 'ȧ', b: 'ƀ', c: 'ƈ', d: 'ḓ', e: 'ḗ', f: 'ƒ', g: 'ɠ', h: 'ħ', i: 'ī', j: 'ĵ', k: 'ķ', l: 'ŀ', m: 'ḿ',
  n: 'ƞ', o: 'ǿ', p: 'ƥ', q: 'ɋ', r: 'ř', s: 'ş', t: 'ŧ', u: 'ŭ', v: 'ṽ', w: 'ẇ', x: 'ẋ', y: 'ẏ', z: 'ẑ',
  A: 'Ȧ', B: 'Ɓ', C: 'Ƈ', D: 'Ḓ', E: 'Ḗ', F: 'Ƒ', G: 'Ɠ', H: 'Ħ', I: 'Ī', J: 'Ĵ', K: 'Ķ', L: 'Ŀ', M: 'Ḿ',
  N: 'Ƞ', O: 'Ǿ', P: 'Ƥ', Q: 'Ɋ', R: 'Ř', S: 'Ş', T: 'Ŧ', U: 'Ŭ', V: 'Ṽ', W: 'Ẇ', X: 'Ẋ', Y: 'Ẏ', Z: 'Ẑ',
};
const VOWELS = /[aeiouAEIOU]/;

/** English made about 40 % longer and accented, still readable: cut or untranslated text shows at a glance. */
export function pseudoText(text: string): string {
  let result = '';
  for (const char of text) {
    const accented = ACCENTED[char] ?? char;
    result += VOWELS.test(char) ? accented + accented : accented;
  }
  return result;
}

// Element kinds of the ICU parser's AST: 0 literal, 5 select, 6 plural, 8 tag (the others hold no text).
const LITERAL = 0;
const SELECT = 5;
const PLURAL = 6;
const TAG = 8;

/** The pseudo-language of a compiled message: its text changes, its arguments, plurals and tags do not. */
export function pseudoMessage(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === LITERAL) return { ...element, value: pseudoText(element.value) };
    if (element.type === SELECT || element.type === PLURAL) {
      const options = Object.fromEntries(Object.entries(element.options).map(([key, option]) => [key, { ...option, value: pseudoMessage(option.value) }]));
      return { ...element, options };
    }
    if (element.type === TAG) return { ...element, children: pseudoMessage(element.children) };
    return element;
  }) as MessageFormatElement[];
}
