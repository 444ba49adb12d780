import { createHmac, timingSafeEqual } from 'node:crypto';

export function hmacHex(algorithm: 'sha1' | 'sha256', key: string, message: string): string {
  return createHmac(algorithm, key).update(message, 'utf8').digest('hex');
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
