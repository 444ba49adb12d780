import { createHash } from 'node:crypto';

/**
 * The identity of a content file's value (hex sha256 of its JSON): the file's formatting does not change it,
 * any changed text, number or key order does. mf-marketing's build records it for the content it bundles
 * (`BUNDLED_CONTENT_FILE`), the API for every version it stores; equal hashes mean the page needs nothing else.
 */
export function contentHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}
