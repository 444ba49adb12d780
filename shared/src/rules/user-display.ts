import type { UserProfile } from '../contracts/api-types';
import { withoutForbiddenNameCharacters } from './name-characters';

type Person = Pick<UserProfile, 'name' | 'email'>;

/** The avatar picture: `image`, else `avatar`, else none (spec §2). */
export function avatarUrl(user: Pick<UserProfile, 'image' | 'avatar'>): string | null {
  return user.image?.trim() || user.avatar?.trim() || null;
}

/** The avatar letter: first letter of the name, else of the email, uppercase; "U" when both are empty. */
export function avatarLetter({ name, email }: Person): string {
  const source = name?.trim() || email?.trim() || 'U';
  return Array.from(source)[0]!.toUpperCase();
}

/** The first word of the name, shown next to the avatar; "User" when there is no name. */
export function firstName({ name }: Pick<UserProfile, 'name'>): string {
  return name?.trim().split(/\s+/)[0] || 'User';
}

/**
 * How a person appears in public (the live feed, the leaderboard): the first name and the initial of the
 * last, like "Ada L."; never an email or an id. Control and text-direction characters are dropped (names
 * stored before they were refused at sign-up could still hold them).
 */
export function publicName(fullName: string): string {
  const words = withoutForbiddenNameCharacters(fullName).trim().split(/\s+/).filter(Boolean);
  const first = (words[0] ?? 'Someone').slice(0, 20);
  const last = words.length > 1 ? Array.from(words.at(-1)!)[0]!.toUpperCase() : '';
  return last ? `${first} ${last}.` : first;
}
