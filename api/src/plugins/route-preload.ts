import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findRouteOwner } from '@rewards/shared/contracts/route-owner';
import type { RuntimeConfig } from '@rewards/shared/contracts/runtime-config';
import { SIGNED_IN_PRELOADS_FILE } from '@rewards/shared/contracts/shell-preloads';

/** The parts of a remote's `mf-manifest.json` a page needs before the remote's route table runs. */
type Manifest = { metaData?: { remoteEntry?: { name?: string; path?: string } } };

/** Low: a file the page needs only after its first render (the shell's own start-up files are low too). */
export type Preload = { href: string; as: 'fetch' | 'script' | 'style'; fetchPriority?: 'low' };

/** Where a URL of the site (`/remotes/...`) is on this server's disk; null for anything it does not serve. */
export type LocateFile = (urlPath: string) => string | null;

/**
 * What the page at `pathname` will fetch one after another before its remote can render (manifest, then remote
 * entry), named up front so the browser fetches them at once with the shell's
 * own files. The remote is the one the runtime config of this very request names, so a released version or a
 * canary preloads its own files. A manifest this server cannot read (another origin, not built) is preloaded
 * alone.
 */
export async function routePreloads(pathname: string, config: RuntimeConfig, locate: LocateFile): Promise<Preload[]> {
  const owner = findRouteOwner(pathname, config.remotes);
  // The staff console is fetched only once the shell knows a staff member is signed in: nobody else fetches a byte of it.
  if (!owner || owner.staffOnly) return [];
  const preloads: Preload[] = [{ href: owner.manifest, as: 'fetch' }];
  const manifestFile = owner.manifest.startsWith('/') ? locate(owner.manifest.split('?')[0]!) : null;
  if (!manifestFile) return preloads;
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
  } catch {
    return preloads;
  }
  const base = owner.manifest.slice(0, owner.manifest.lastIndexOf('/') + 1);
  const entry = manifest.metaData?.remoteEntry;
  if (entry?.name) preloads.push({ href: `${base}${entry.path ? `${entry.path.replace(/\/?$/, '/')}` : ''}${entry.name}`, as: 'script' });
  // Not the route table's chunks: the bundler loads them by plain script tags, which a failed preload (a remote
  // down as the page loaded) would fail again on Retry. The remote entry's loader asks again under another URL.
  return preloads.filter((preload) => isSafeRelativeUrl(preload.href));
}

/**
 * The shell's files a signed-in page loads at start on top of a visitor's (the API client), as the shell's build
 * named them: for a request carrying a session, so they arrive with the shell's other files instead of after
 * the session check. Nothing when the build wrote no such file or one this server cannot trust.
 */
export async function signedInPreloads(shellDist: string): Promise<Preload[]> {
  let listed: unknown;
  try {
    listed = JSON.parse(await readFile(join(shellDist, SIGNED_IN_PRELOADS_FILE), 'utf8'));
  } catch {
    return [];
  }
  if (!Array.isArray(listed)) return [];
  return listed.flatMap((entry: unknown): Preload[] => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { href, as } = entry as Record<string, unknown>;
    // The shell's own files: on this origin, never another (`//host/…` is another).
    if (typeof href !== 'string' || !/^\/(?!\/)/.test(href) || !isSafeRelativeUrl(href)) return [];
    return as === 'script' || as === 'style' ? [{ href, as, fetchPriority: 'low' }] : [];
  });
}

// A manifest names files, not URLs: nothing that could leave the folder or the attribute.
function isSafeRelativeUrl(href: string): boolean {
  return /^(\/|https?:\/\/)[^\s"'<>\\]*$/.test(href) && !href.split('/').includes('..');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The links for `<head>`: the manifest is fetched by script with CORS, the rest as the bundler loads them. */
export function preloadLinks(preloads: Preload[]): string {
  return preloads
    .map(
      ({ href, as, fetchPriority }) =>
        `<link rel="preload" href="${escapeAttribute(href)}" as="${as}"${as === 'fetch' ? ' crossorigin="anonymous"' : ''}${fetchPriority ? ` fetchpriority="${fetchPriority}"` : ''} />`,
    )
    .join('');
}

/** The shell's page with the route's preloads at the end of its `<head>`. */
export function withPreloads(html: string, preloads: Preload[]): string {
  if (preloads.length === 0) return html;
  const links = preloadLinks(preloads);
  return html.includes('</head>') ? html.replace('</head>', `${links}</head>`) : `${links}${html}`;
}
