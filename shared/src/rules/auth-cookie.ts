import { AUTH_COOKIE } from '../constants';

/** The `auth_token` cookie's value when the page can read it (the server sets it HttpOnly, so usually not). */
export function readAuthCookie(cookieString: string): string | null {
  for (const part of cookieString.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === AUTH_COOKIE) return decodeURIComponent(rest.join('=')) || null;
  }
  return null;
}

/** Spec §7: `Bearer <auth_token>` for the Authorization header when the page can read the cookie; else null. */
export function bearerFromPageCookie(): string | null {
  const token = typeof document === 'undefined' ? null : readAuthCookie(document.cookie);
  return token ? `Bearer ${token}` : null;
}
