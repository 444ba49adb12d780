import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Authenticator secrets at rest: AES-256-GCM under a key derived from APP_SECRET (HKDF, its own label), so a
 * copy of the database alone gives no one the codes. Changing APP_SECRET makes stored secrets unreadable:
 * their owners then sign in with a recovery code (see docs/security.md).
 */
const VERSION = 'v1';

function keyOf(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'rewards-two-factor', 'totp-secret', 32));
}

export function sealSecret(appSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The secret, or undefined when it was sealed under another APP_SECRET or is damaged. */
export function openSecret(appSecret: string, stored: string): string | undefined {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== VERSION || !iv || !tag || sealed === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
