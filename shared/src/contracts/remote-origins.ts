import type { RuntimeConfig } from './runtime-config';

/**
 * Where remote code may come from: the page's own origin and the runtime config's `remoteOrigins`. The site
 * server fills that list from the remotes it names (`remoteOriginsOf`) and builds its Content-Security-Policy
 * from the same list; the shell's federation runtime refuses a manifest, entry, script or preload from anywhere
 * else (a remote's chunks load from its entry's origin: its publicPath is `auto`).
 */

/** `https://cdn.example` for an http(s) origin written without path, userinfo, query or fragment; null otherwise. */
export function normalizedOrigin(origin: string): string | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return null;
  if (!/^https?:\/\/[^/?#@\\]+\/?$/i.test(origin.trim())) return null;
  return url.origin;
}

/**
 * The origin of an address that names another host (`https://…`, or `//…` in the scheme of `base`); undefined
 * for our own (relative) one or anything but http(s).
 */
export function foreignOrigin(address: string, base: string): string | undefined {
  if (!/^(?:https?:)?\/\//i.test(address)) return undefined;
  try {
    const url = new URL(address, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The origins a runtime config lets remote code come from besides the page's: its `remoteOrigins` and its manifests'. */
export function remoteOriginsOf(config: Pick<RuntimeConfig, 'remotes' | 'remoteOrigins'>): string[] {
  const listed = (config.remoteOrigins ?? []).map(normalizedOrigin);
  // A manifest at `//host/…` counts as https, the scheme the site is served over in production.
  const manifests = config.remotes.map((remote) => foreignOrigin(remote.manifest, 'https://relative.invalid'));
  return [...new Set([...listed, ...manifests].filter((origin): origin is string => typeof origin === 'string'))];
}

/**
 * Whether remote code at `address` (absolute, or relative to `pageUrl`) may load: http(s) only, no userinfo
 * (`https://good@evil`), and its origin the page's or one of `allowedOrigins` (normalized as URL does: case,
 * default ports; `host.` with a trailing dot is another origin).
 */
export function isAllowedRemoteAddress(address: string, pageUrl: string, allowedOrigins: readonly string[]): boolean {
  let url: URL;
  let page: URL;
  try {
    page = new URL(pageUrl);
    url = new URL(address, page);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  if (url.origin === page.origin) return true;
  return allowedOrigins.some((origin) => normalizedOrigin(origin) === url.origin);
}
