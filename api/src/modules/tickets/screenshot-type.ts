import type { ScreenshotType } from '@rewards/shared/contracts/ticket-types';

// A check of the three signatures we accept rather than the file-type package: its current version needs
// Node 22, and the versions before it are ES modules only (exports without a `require` condition), which the
// API's CommonJS jest setup cannot resolve. What a browser would sniff is the first bytes, and so do we.

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

const startsWith = (bytes: Buffer, signature: Buffer, at = 0) => bytes.length >= at + signature.length && bytes.subarray(at, at + signature.length).equals(signature);

/**
 * The image type of these bytes by their content, whatever the file's name or declared type said: a PNG (its
 * 8-byte signature and an IHDR chunk first), a JPEG (start of image and a marker), a WebP (a RIFF container of
 * WEBP whose first chunk is VP8, VP8L or VP8X); null for anything else.
 */
export function screenshotTypeOf(bytes: Buffer): ScreenshotType | null {
  if (startsWith(bytes, PNG) && bytes.subarray(12, 16).toString('latin1') === 'IHDR') return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP' && /^VP8[ LX]$/.test(bytes.subarray(12, 16).toString('latin1'))) {
    return 'image/webp';
  }
  return null;
}
