import { readFile } from 'node:fs/promises';
import { findRouteOwner } from '@rewards/shared/contracts/route-owner';
import type { RuntimeConfig } from '@rewards/shared/contracts/runtime-config';
import type { LocateFile } from './route-preload';

/** The public pages a remote's build renders to HTML (`dist/prerendered/<file>.html` and `.css`), by path. */
const PRERENDERED_FILES: Record<string, string> = { '/': 'index' };

export type PrerenderedPage = { path: string; html: string; stylesheet: string | null };

/**
 * The first screen of the page at `pathname` as the remote owning it rendered it at its build: the version the
 * runtime config of this very request names, so a marketing release or rollback changes it without the shell.
 * Null when that remote has none for the path or is not on this server's disk.
 */
export async function prerenderedPage(pathname: string, config: RuntimeConfig, locate: LocateFile): Promise<PrerenderedPage | null> {
  const file = Object.hasOwn(PRERENDERED_FILES, pathname) ? PRERENDERED_FILES[pathname] : undefined;
  const owner = file ? findRouteOwner(pathname, config.remotes) : null;
  if (!file || !owner || !owner.manifest.startsWith('/')) return null;
  const manifestPath = owner.manifest.split('?')[0]!;
  const base = `${manifestPath.slice(0, manifestPath.lastIndexOf('/') + 1)}prerendered/${file}`;
  const htmlFile = locate(`${base}.html`);
  if (!htmlFile) return null;
  let html: string;
  try {
    html = await readFile(htmlFile, 'utf8');
  } catch {
    return null;
  }
  // The page's CSP would block them anyway: a build that wrote scripts or style attributes is not sent.
  if (/<script|\sstyle=|\son[a-z]+=/i.test(html)) return null;
  const cssFile = locate(`${base}.css`);
  const stylesheet = cssFile && (await readable(cssFile)) && isSafeUrl(base) ? `${base}.css` : null;
  return { path: pathname, html, stylesheet };
}

async function readable(file: string): Promise<boolean> {
  try {
    await readFile(file);
    return true;
  } catch {
    return false;
  }
}

function isSafeUrl(href: string): boolean {
  return /^\/[^\s"'<>\\]*$/.test(href) && !href.split('/').includes('..');
}

const MOUNT_POINT = '<div id="root"></div>';

/**
 * The shell's page with the prerendered page in its mount point (the shell shows it until the remote's page
 * replaces it; `prerendered-page` keeps the navigation's place above it) and its CSS in the head.
 */
export function withPrerenderedPage(html: string, page: PrerenderedPage | null): string {
  if (!page || !html.includes(MOUNT_POINT)) return html;
  const withPage = html.replace(
    MOUNT_POINT,
    () => `<div id="root"><div class="prerendered-page" data-prerendered-path="${page.path}">${page.html}</div></div>`,
  );
  if (!page.stylesheet) return withPage;
  const link = `<link rel="stylesheet" href="${page.stylesheet}" />`;
  return withPage.includes('</head>') ? withPage.replace('</head>', () => `${link}</head>`) : `${link}${withPage}`;
}
