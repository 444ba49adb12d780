import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export function hmacHex(algorithm: 'sha1' | 'sha256', key: string, message: string): string {
  return createHmac(algorithm, key).update(message, 'utf8').digest('hex');
}

/** A plain digest, for walls that sign by hashing their values with the secret appended. */
export function digestHex(algorithm: 'md5' | 'sha256', message: string): string {
  return createHash(algorithm).update(message, 'utf8').digest('hex');
}

/**
 * Compares a received hex signature with the expected one in constant time (timingSafeEqual on buffers
 * of equal length; a signature of another length is simply wrong). Case-insensitive hex.
 */
export function signatureMatches(expectedHex: string, receivedHex: string | undefined): boolean {
  if (typeof receivedHex !== 'string' || !/^[0-9a-fA-F]+$/.test(receivedHex) || receivedHex.length !== expectedHex.length) return false;
  const expected = Buffer.from(expectedHex, 'hex');
  const received = Buffer.from(receivedHex, 'hex');
  return expected.length === received.length && timingSafeEqual(expected, received);
}

/** Compares a secret sent in the clear (a path token) in constant time. */
export function secretMatches(expected: string, received: string): boolean {
  const a = createHash('sha256').update(expected, 'utf8').digest();
  const b = createHash('sha256').update(received, 'utf8').digest();
  return timingSafeEqual(a, b);
}
