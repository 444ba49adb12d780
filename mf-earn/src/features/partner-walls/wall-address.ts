import { getApiBase } from '@rewards/shared/api/base-query';
import { STORAGE_KEYS } from '@rewards/shared/constants';

/** Spec §3: local storage `ID` holds the user's id for partner walls; '1' when there is none. */
export const DEFAULT_WALL_USER_ID = '1';

export function storedUserId(): string {
  try {
    return localStorage.getItem(STORAGE_KEYS.userId)?.trim() || DEFAULT_WALL_USER_ID;
  } catch {
    // Storage can be unavailable (privacy modes); the default id still shows the wall.
    return DEFAULT_WALL_USER_ID;
  }
}

/** The embedded wall's address: served by our API, carrying the user's id for the partner's postbacks. */
export function wallAddress(slug: string, userId: string, apiBase: string = getApiBase()): string {
  return `${apiBase}/walls/${encodeURIComponent(slug)}?user_id=${encodeURIComponent(userId)}`;
}
