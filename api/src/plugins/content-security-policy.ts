import { foreignOrigin as foreignOriginIn, remoteOriginsOf } from '@rewards/shared/contracts/remote-origins';
import type { RuntimeConfig } from '@rewards/shared/contracts/runtime-config';

/**
 * The site's Content-Security-Policy, built from what the page is told to load: the runtime config's
 * remotes, API and realtime service, the partner walls it frames, and the catalog's offer images. No host is
 * written here; each one comes from configuration.
 */

export type Directives = Record<string, string[]>;

/** The page's own origin as the browser asked for it (scheme and Host), when the Host is a plain host. */
export type PageOrigin = { scheme: 'http' | 'https'; host: string };

export type SitePolicyInputs = {
  /** Undefined when the request named no usable Host: 'self' alone then stands for our origin. */
  page: PageOrigin | undefined;
  runtimeConfig: RuntimeConfig;
  /** PUBLIC_URL: links (offer images) are made absolute on it. */
  publicUrl: string | undefined;
  /** Origins of offer images the catalog serves from other hosts (partners'). */
  imageOrigins: readonly string[];
  /** The walls the Earn page frames, at `{apiBase}/walls/{slug}`. */
  wallSlugs: readonly string[];
  /** The sources (`'sha256-…'`) of the inline scripts this very page carries; none by default. */
  inlineScripts?: readonly string[];
};

/** Anything that is not the page (API answers, scripts, images): allowed to load and be framed by nothing. */
export const NON_PAGE_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

const SELF = "'self'";
// Only a plain host (name, IPv4 or bracketed IPv6) and port may go into a header we build from a request.
const PLAIN_HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export function pageOriginOf(protocol: string, host: string | undefined): PageOrigin | undefined {
  if (!host || !PLAIN_HOST.test(host)) return undefined;
  return { scheme: protocol === 'https' ? 'https' : 'http', host };
}

/**
 * The origin of a configured address when it is elsewhere; undefined when it is ours (relative) or unusable. A
 * `//host` address is taken as http: as a CSP source that also allows its https (CSP 3).
 */
export function foreignOrigin(address: string): string | undefined {
  return foreignOriginIn(address, 'http://relative.invalid');
}

function unique(values: readonly (string | undefined)[]): string[] {
  return [...new Set(values.filter((value): value is string => value !== undefined))];
}

/** Where pusher-js opens its socket (shell/src/features/realtime/socket-options.ts): the gateway's path only. */
function realtimeSources(realtime: RuntimeConfig['realtime'], page: PageOrigin | undefined): string[] {
  // A ws: source also matches wss: (CSP 3), so a page behind a TLS proxy still reaches its socket.
  const scheme = realtime.forceTLS ? 'wss' : 'ws';
  if (realtime.wsHost) {
    const pagePort = page?.host.match(/:(\d+)$/)?.[1];
    const port = realtime.wsPort ? String(realtime.wsPort) : pagePort;
    const host = realtime.wsHost.includes(':') && !realtime.wsHost.startsWith('[') ? `[${realtime.wsHost}]` : realtime.wsHost;
    const source = `${scheme}://${host}${port ? `:${port}` : ''}/app/`;
    return PLAIN_HOST.test(`${host}${port ? `:${port}` : ''}`) ? [source] : [];
  }
  if (!page) return [];
  // The gateway runs in this server (wsHost empty), on the page's host and port.
  return [`${page.scheme === 'https' ? 'wss' : 'ws'}://${page.host}/app/`];
}

/** Each framed wall's page and what its forms lead to (`/walls/{slug}/complete`), nothing else of the API. */
function wallSources(apiBase: string, slugs: readonly string[], page: PageOrigin | undefined): string[] {
  const base = foreignOrigin(apiBase) ? apiBase.replace(/\/+$/, '') : page ? `${page.scheme}://${page.host}${apiBase.replace(/\/+$/, '')}` : undefined;
  // Without a host to write paths on, our origin is the most we can narrow the frames to.
  if (!base) return [SELF];
  return slugs.flatMap((slug) => [`${base}/walls/${slug}`, `${base}/walls/${slug}/`]);
}

export function sitePolicyDirectives({ page, runtimeConfig, publicUrl, imageOrigins, wallSlugs, inlineScripts = [] }: SitePolicyInputs): Directives {
  // A remote's manifest, entry, chunks, styles and assets: the origins the shell's federation runtime accepts.
  const remoteOrigins = remoteOriginsOf(runtimeConfig);
  const apiOrigin = foreignOrigin(runtimeConfig.apiBase);
  const publicOrigin = publicUrl ? foreignOrigin(publicUrl) : undefined;
  const directives: Directives = {
    'default-src': [SELF],
    'script-src': unique([SELF, ...remoteOrigins, ...inlineScripts]),
    'style-src': unique([SELF, ...remoteOrigins]),
    'font-src': unique([SELF, ...remoteOrigins]),
    'img-src': unique([SELF, ...remoteOrigins, apiOrigin, publicOrigin, ...imageOrigins]),
    'connect-src': unique([SELF, ...remoteOrigins, apiOrigin, publicOrigin, ...realtimeSources(runtimeConfig.realtime, page)]),
    'frame-src': unique(wallSources(runtimeConfig.apiBase, wallSlugs, page)),
    'frame-ancestors': [SELF],
    'object-src': ["'none'"],
    'base-uri': [SELF],
    'form-action': [SELF],
  };
  // On plain HTTP (a LAN address in development) upgrading would send the page's own requests to a closed port.
  if (page?.scheme === 'https') directives['upgrade-insecure-requests'] = [];
  return directives;
}

export function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}
