import type { SignedInUser } from './users';

export type Profile = { id: number; name: string; email: string; wallet: string };

/** Headers that make a plain `fetch` act as the signed-in user (the API reads the bearer token first). */
export function sessionHeaders(user: Pick<SignedInUser, 'token'>): Record<string, string> {
  return { authorization: `Bearer ${user.token}` };
}

/** `POST /api/user/Profile` for the user: their id (what walls credit) and wallet in dollars. */
export async function profileOf(baseUrl: string, user: Pick<SignedInUser, 'token'>): Promise<Profile> {
  const response = await fetch(`${baseUrl}/api/user/Profile`, { method: 'POST', headers: sessionHeaders(user) });
  if (!response.ok) throw new Error(`Profile answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: Profile }).data;
}
