/**
 * Characters a person's name may not hold. Names are shown to other people (the live feed, the leaderboard)
 * and printed on operators' terminals, so nothing in them may move the cursor, reorder text or hide text:
 * - controls: C0 (tab, newline, escape…), DEL and C1 (Cc); line and paragraph separators (Zl, Zp);
 * - invisible formatting (Cf): bidi overrides, embeddings, isolates and marks (U+202A–U+202E,
 *   U+2066–U+2069, U+200E/U+200F, U+061C), zero-width space, word joiner, BOM, soft hyphen, tag characters…
 * - lone surrogate halves (Cs), which are no character at all.
 * Zero-width (non-)joiners U+200C/U+200D stay allowed: Persian and Indic names and emoji sequences need them.
 */
export const FORBIDDEN_NAME_CHARACTER = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;
const FORBIDDEN_NAME_CHARACTERS = new RegExp(FORBIDDEN_NAME_CHARACTER.source, 'gu');

export const FORBIDDEN_NAME_CHARACTER_MESSAGE =
  'The name may not contain control characters or invisible formatting characters (such as text-direction overrides).';

export function hasForbiddenNameCharacter(name: string): boolean {
  return FORBIDDEN_NAME_CHARACTER.test(name);
}

/** The name with forbidden characters removed, for names we did not get from the person (e.g. Google's). */
export function withoutForbiddenNameCharacters(name: string): string {
  return name.replace(FORBIDDEN_NAME_CHARACTERS, '');
}
