import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseExposed } from '@rewards/shared/contracts/federated-modules';
import { findRouteOwner } from '@rewards/shared/contracts/route-owner';
import type { RemoteConfig, RuntimeConfig } from '@rewards/shared/contracts/runtime-config';
import { SIGNED_IN_PRELOADS_FILE } from '@rewards/shared/contracts/shell-preloads';

/** The parts of a remote's `mf-manifest.json` a page needs before the remote's route table or a module of it runs. */
type Manifest = {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ path?: unknown; assets?: { js?: { sync?: unknown; async?: unknown }; css?: { sync?: unknown } } }>;
};

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
  const manifest = await readManifest(owner, locate);
  const preloads: Preload[] = [{ href: owner.manifest, as: 'fetch' }];
  if (!manifest) return preloads;
  const entry = remoteEntryHref(owner, manifest);
  if (entry) preloads.push({ href: entry, as: 'script' });
  // Not the route table's chunks: the bundler loads them by plain script tags, which a failed preload (a remote
  // down as the page loaded) would fail again on Retry. The remote entry's loader asks again under another URL.
  return preloads.filter((preload) => isSafeRelativeUrl(preload.href));
}

/**
 * What a module another remote shows in every page (`remoteName/module`, as the runtime config names a slot)
 * fetches one after another before it renders: that remote's manifest, its remote entry and the module's own
 * files (its sync scripts and styles, from the manifest of the version this request's runtime config names),
 * all at low priority: for a slot whose text a page paints first (the verify-email banner of a new user is the
 * largest text of a signed-in page until the page's own content arrives). Such a slot shows nothing when it
 * cannot load and has no Retry, so its files may be preloaded. Nothing for a slot or remote the config lacks.
 */
export async function slotPreloads(exposed: string | undefined, config: RuntimeConfig, locate: LocateFile, locale?: string): Promise<Preload[]> {
  const parts = exposed ? parseExposed(exposed) : null;
  const remote = parts ? config.remotes.find((candidate) => candidate.name === parts[0]) : undefined;
  if (!parts || !remote || remote.staffOnly) return [];
  const manifest = await readManifest(remote, locate);
  const preloads: Preload[] = [{ href: remote.manifest, as: 'fetch', fetchPriority: 'low' }];
  if (!manifest) return preloads.filter((preload) => isSafeRelativeUrl(preload.href));
  const entry = remoteEntryHref(remote, manifest);
  if (entry) preloads.push({ href: entry, as: 'script', fetchPriority: 'low' });
  const base = remote.manifest.slice(0, remote.manifest.lastIndexOf('/') + 1);
  const module = manifest.exposes?.find((exposes) => exposes.path === `./${parts[1]}`);
  for (const [files, as] of [
    [module?.assets?.js?.sync, 'script'],
    [module?.assets?.css?.sync, 'style'],
  ] as const) {
    if (!Array.isArray(files)) continue;
    for (const file of files) if (typeof file === 'string' && isFileName(file)) preloads.push({ href: `${base}${file}`, as, fetchPriority: 'low' });
  }
  // The page's language's messages, which the module loads once it runs (`import(\`./${locale}.json\`)`, named
  // `…-<locale>-json.<hash>.js` by the build): the last link before it renders.
  const asyncFiles = module?.assets?.js?.async;
  const messages = locale && Array.isArray(asyncFiles) ? asyncFiles.find((file) => typeof file === 'string' && file.includes(`-${locale}-json.`)) : undefined;
  if (typeof messages === 'string' && isFileName(messages)) preloads.push({ href: `${base}${messages}`, as: 'script', fetchPriority: 'low' });
  return preloads.filter((preload) => isSafeRelativeUrl(preload.href));
}

/** The remote's manifest as this server serves it; null when it cannot read it (another origin, not built, broken). */
async function readManifest(remote: RemoteConfig, locate: LocateFile): Promise<Manifest | null> {
  const manifestFile = remote.manifest.startsWith('/') ? locate(remote.manifest.split('?')[0]!) : null;
  if (!manifestFile) return null;
  try {
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as unknown;
    return typeof manifest === 'object' && manifest !== null ? (manifest as Manifest) : null;
  } catch {
    return null;
  }
}

function remoteEntryHref(remote: RemoteConfig, manifest: Manifest): string | null {
  const base = remote.manifest.slice(0, remote.manifest.lastIndexOf('/') + 1);
  const entry = manifest.metaData?.remoteEntry;
  if (!entry?.name) return null;
  return `${base}${entry.path ? `${entry.path.replace(/\/?$/, '/')}` : ''}${entry.name}`;
}

/** A file beside the manifest, named as the bundler names them: no folder, no query, nothing to escape. */
function isFileName(file: string): boolean {
  return /^[\w.-]+$/.test(file) && file !== '.' && file !== '..';
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
