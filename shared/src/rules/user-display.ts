import type { UserProfile } from '../contracts/api-types';

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

