import { withoutForbiddenNameCharacters } from './name-characters';

// Apart from user-display.ts: only the server names people in public, so the pages' code does not carry it.

/** How someone appears in public when their name cannot be shown: it holds an email, is made from one, or is empty. */
export const PUBLIC_FALLBACK_NAME = 'Member';

/** A name folded for comparing: without forbidden characters, trimmed, compatibility forms (＠) as plain ones, lowercase. */
function folded(text: string): string {
  return withoutForbiddenNameCharacters(text).normalize('NFKC').trim().toLowerCase();
}

/**
 * How a person appears in public (the live feed, the leaderboard): the first name and the initial of the
 * last, like "Ada L."; never an email or an id. A name that would show an email or a part of one is
 * "Member": a name holding `@` (an email typed as a name), a name that is the email's part before the `@`
 * (what the landing hero and a Google account without a display name are named), and no name at all.
 * Control and text-direction characters are dropped (names stored before they were refused at sign-up could
 * still hold them).
 */
export function publicName({ name, email }: { name: string; email: string }): string {
  const cleaned = withoutForbiddenNameCharacters(name);
  const comparable = folded(name);
  const localPart = folded(email.slice(0, Math.max(email.lastIndexOf('@'), 0)));
  if (comparable.includes('@') || comparable === '' || comparable === localPart) return PUBLIC_FALLBACK_NAME;
  const words = cleaned.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.slice(0, 20);
  if (!first) return PUBLIC_FALLBACK_NAME;
  const last = words.length > 1 ? Array.from(words.at(-1)!)[0]!.toUpperCase() : '';
  return last ? `${first} ${last}.` : first;
}
