import type { TwoFactorMethod } from '@rewards/shared/contracts/api-types';

/** The second step of a sign-in: its challenge and where the code comes from. */
export type TwoFactorStart = { challenge: string; method: TwoFactorMethod };

const FRAGMENT_KEY = 'two-factor';
// A challenge is an opaque token of the server (URL-encoded in the fragment): printable, no spaces, not huge.
const CHALLENGE_SHAPE = /^[\x21-\x7e]{1,512}$/;

/** Whether the address's fragment is the one Google's callback leaves when two-factor is on. */
export function hasTwoFactorFragment(hash: string): boolean {
  return hash.startsWith(`#${FRAGMENT_KEY}=`);
}

/** `#two-factor=<challenge>&method=<totp|email>`, as Google's callback redirects with it; null for anything else. */
export function readTwoFactorFragment(hash: string): TwoFactorStart | null {
  if (!hasTwoFactorFragment(hash)) return null;
  const params = new URLSearchParams(hash.slice(1));
  const challenge = params.get(FRAGMENT_KEY) ?? '';
  const method = params.get('method');
  if (!CHALLENGE_SHAPE.test(challenge) || (method !== 'totp' && method !== 'email')) return null;
  return { challenge, method };
}

/** Takes the fragment out of the address bar and history (the challenge is not for bookmarks or sharing). */
export function removeTwoFactorFragment(location: Location = window.location, history: History = window.history): void {
  if (!hasTwoFactorFragment(location.hash)) return;
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
}
