import { basename } from 'node:path';

export const CACHE_FOREVER = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';

// Content-hashed names as our rspack config writes them: `main.0123456789.js`, `assets/logo.0123abcd89.svg`.
const CONTENT_HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

/**
 * A hashed file never changes under its name, so browsers may keep it forever; everything else
 * (index.html, mf-manifest.json, remoteEntry.js, unhashed files) is revalidated on every use.
 */
export function cacheControlFor(filePath: string): string {
  // `main.0123456789.js.br` is `main.0123456789.js`, precompressed.
  const name = basename(filePath).replace(/\.(br|gz)$/, '');
  return CONTENT_HASHED.test(name) ? CACHE_FOREVER : CACHE_REVALIDATE;
}

/** `If-None-Match` names this ETag (a list, `*`, weak or not: the weak comparison of RFC 9110). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
