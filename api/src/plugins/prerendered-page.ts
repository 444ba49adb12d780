import { readFile, stat } from 'node:fs/promises';
import { MARKETING_REMOTE, PUBLISHED_CONTENT_ELEMENT_ID, type PublishedContent } from '@rewards/shared/content/published-content';
import { LIVE_STATS_COOKIE } from '@rewards/shared/constants';
import { findRouteOwner } from '@rewards/shared/contracts/route-owner';
import { DEFAULT_LOCALE, type Locale } from '@rewards/shared/i18n/locales';
import type { RemoteConfig, RuntimeConfig } from '@rewards/shared/contracts/runtime-config';
import type { LocateFile } from './route-preload';

/**
 * Who sees a page's prerendered first screen: a visitor (`/`, a public page whose visitors are sent elsewhere
 * once signed in), or a signed-in user whose page shows at once (its header: the user's data comes later).
 */
export type PrerenderedViewer = 'visitor' | 'member';

/** The CSS of a remote's prerendered pages, all in one (its prerender entry's). */
const PRERENDERED_STYLESHEET = 'index.css';

/**
 * The pages a remote's build renders to HTML (`dist/prerendered/<file>.html`, with `index.css`), by path, and
 * for whom; each in every language, `<file>.<locale>.html` (`index.de.html`), English unsuffixed.
 */
const PRERENDERED_FILES: Record<string, { file: string; for: PrerenderedViewer }> = {
  '/': { file: 'index', for: 'visitor' },
  '/Cashout': { file: 'cashout', for: 'member' },
  '/Profile': { file: 'profile', for: 'member' },
};

export type PrerenderedPage = {
  path: string;
  html: string;
  stylesheet: string | null;
  /** The prerendered file it came from (`index.de`): names the content it is made from. Null for one rendered per request. */
  file: string | null;
};

/** A signed-in user's first screen rendered for one request, and the data it was rendered from, for the page to take over from. */
export type RenderedFirstScreen = {
  html: string;
  /** A data element of the page (`<script type="application/json" id>`): its id, and its JSON made safe by `scriptSafeJson`. */
  data: { id: string; safeJson: string };
};

/**
 * A page whose first screen the server renders from the user's own data with the prerender bundle of the build
 * owning its path (`/Earn`, modules/earn/first-screen.ts; `build.locate` finds that build's `prerendered/` files).
 * Null when it has none for the path, or none ready yet.
 */
export type MemberFirstScreenSource = (request: {
  path: string;
  userId: number;
  locale: Locale;
  build: { locate(file: string): string | null };
}) => Promise<RenderedFirstScreen | null>;

/** The page's CSP would block them anyway: a build that wrote scripts or style attributes is not sent. */
const BLOCKED_MARKUP = /<script|\sstyle=|\son[a-z]+=/i;

/**
 * What the marketing content published after a build of mf-marketing changes in that build's pages
 * (`modules/content/build-view.ts`; the contract is `@rewards/shared/content/published-content`).
 */
export type PublishedContentView = {
  /** The JSON of the page's published-content element; null when the build shows what is published. */
  dataBlock: string | null;
  /**
   * The element's JSON for a page sent with prerendered file `file` (`index.de`): the content that first screen
   * is made from as well, so the page taking over reads it from the document. Without a file, `dataBlock`.
   */
  dataBlockFor(file: string | null): string | null;
  /** Prerendered page `file` rendered from the published content; null when the build's own is current. Throws when it cannot be made. */
  prerendered(file: string): Promise<string | null>;
};

/** A staff member's draft shown in place of what is published (`?preview=<draft id>`); `key` names its text. */
export type ContentPreview = { key: string; content: PublishedContent };

/**
 * The view for the build of mf-marketing whose `prerendered/` files `locate` finds (with a draft over it, for
 * staff), for a page in `locale`: the files of that language and the English ones.
 */
export type PublishedContentSource = (build: { locate(file: string): string | null }, preview?: ContentPreview, locale?: Locale) => Promise<PublishedContentView>;

/** The folder holding a remote's prerendered files, as a URL path: beside its manifest. Null when not on this server. */
function prerenderedFolder(remote: RemoteConfig): string | null {
  if (!remote.manifest.startsWith('/')) return null;
  const manifestPath = remote.manifest.split('?')[0]!;
  return `${manifestPath.slice(0, manifestPath.lastIndexOf('/') + 1)}prerendered/`;
}

/** The view of the published content for the marketing build this request's runtime config names; null without one here. */
export async function publishedContentView(
  source: PublishedContentSource | undefined,
  config: RuntimeConfig,
  locate: LocateFile,
  preview?: ContentPreview,
  locale: Locale = DEFAULT_LOCALE,
): Promise<PublishedContentView | null> {
  const marketing = config.remotes.find((remote) => remote.name === MARKETING_REMOTE);
  const folder = marketing ? prerenderedFolder(marketing) : null;
  if (!source || !folder) return null;
  return source({ locate: (file) => locate(`${folder}${file}`) }, preview, locale);
}

/**
 * The first screen of the page at `pathname` in `locale` as the remote owning it rendered it: the version the
 * runtime config of this very request names, so a marketing release or rollback changes it without the shell;
 * from the content published since that build when `published` says so. A build without that language's file
 * (made before the site spoke it) gives its English one. Null when that remote has none for the path, is not
 * on this server's disk, or its page could not be made from the published content (a stale first screen would
 * change under the visitor's eyes once the page takes over).
 */
export async function prerenderedPage(
  pathname: string,
  config: RuntimeConfig,
  locate: LocateFile,
  published: PublishedContentView | null = null,
  locale: Locale = DEFAULT_LOCALE,
  viewer: PrerenderedViewer = 'visitor',
): Promise<PrerenderedPage | null> {
  const listed = Object.hasOwn(PRERENDERED_FILES, pathname) ? PRERENDERED_FILES[pathname] : undefined;
  const file = listed?.for === viewer ? listed.file : undefined;
  const owner = file ? findRouteOwner(pathname, config.remotes) : null;
  const folder = owner ? prerenderedFolder(owner) : null;
  if (!file || !owner || !folder) return null;
  let sentFile = `${file}.${locale}`;
  let html: string | null | undefined = await pageHtml(sentFile, locale !== DEFAULT_LOCALE);
  if (html === undefined) html = await pageHtml((sentFile = file), true);
  if (!html) return null;
  if (BLOCKED_MARKUP.test(html)) return null;
  return { path: pathname, html, stylesheet: await prerenderedStylesheet(folder, locate), file: sentFile };

  /** The HTML of prerendered file `name`; undefined when the build has no such file (and `wanted`). */
  async function pageHtml(name: string, wanted: boolean): Promise<string | null | undefined> {
    if (!wanted) return undefined;
    if (published && owner!.name === MARKETING_REMOTE) {
      try {
        const rendered = await published.prerendered(name);
        if (rendered !== null) return rendered;
      } catch {
        return null;
      }
    }
    const htmlFile = locate(`${folder}${name}.html`);
    if (!htmlFile) return undefined;
    try {
      return await readFile(htmlFile, 'utf8');
    } catch {
      return undefined;
    }
  }
}

/**
 * The first screen of the page at `pathname` for signed-in user `userId`, rendered for this request by `source`
 * with the build of the remote owning the path that the request's runtime config names, and the data it shows.
 * Null when that remote is not on this server's disk, or `source` has none.
 */
export async function renderedFirstScreen(
  pathname: string,
  config: RuntimeConfig,
  locate: LocateFile,
  source: MemberFirstScreenSource,
  locale: Locale,
  userId: number,
): Promise<{ page: PrerenderedPage; data: RenderedFirstScreen['data'] } | null> {
  const owner = findRouteOwner(pathname, config.remotes);
  const folder = owner ? prerenderedFolder(owner) : null;
  if (!folder) return null;
  const rendered = await source({ path: pathname, userId, locale, build: { locate: (file) => locate(`${folder}${file}`) } });
  if (!rendered || BLOCKED_MARKUP.test(rendered.html)) return null;
  return { page: { path: pathname, html: rendered.html, stylesheet: await prerenderedStylesheet(folder, locate), file: null }, data: rendered.data };
}

/** The URL of the CSS of a remote's prerendered pages, when its build has one. */
async function prerenderedStylesheet(folder: string, locate: LocateFile): Promise<string | null> {
  const stylesheetPath = `${folder}${PRERENDERED_STYLESHEET}`;
  const cssFile = locate(stylesheetPath);
  return cssFile && (await isFile(cssFile)) && isSafeUrl(stylesheetPath) ? stylesheetPath : null;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

function isSafeUrl(href: string): boolean {
  return /^\/[^\s"'<>\\]*$/.test(href) && !href.split('/').includes('..');
}

const MOUNT_POINT = '<div id="root"></div>';

/** The page with the published content its remote's build lacks, as data at the end of its body (no script runs it). */
export function withPublishedContent(html: string, dataBlock: string | null): string {
  const bodyEnd = html.lastIndexOf('</body>');
  if (dataBlock === null || bodyEnd < 0) return html;
  return `${html.slice(0, bodyEnd)}<script type="application/json" id="${PUBLISHED_CONTENT_ELEMENT_ID}">${dataBlock}</script>${html.slice(bodyEnd)}`;
}

/**
 * The shell's page with the prerendered page in its mount point (the shell shows it until the remote's page
 * replaces it; `prerendered-page` keeps the navigation's place above it) and its CSS in the head.
 */
export function withPrerenderedPage(html: string, page: PrerenderedPage | null, { liveStats }: { liveStats: boolean }): string {
  if (!page || !html.includes(MOUNT_POINT)) return html;
  // Without Live Stats the shell adds no live earnings strip above the page: no room is kept for it.
  const withoutStrip = liveStats ? '' : ` ${LIVE_STATS_COOKIE.attribute}=""`;
  const withPage = html.replace(
    MOUNT_POINT,
    () => `<div id="root"><div class="prerendered-page" data-prerendered-path="${page.path}"${withoutStrip}>${page.html}</div></div>`,
  );
  if (!page.stylesheet) return withPage;
  const link = `<link rel="stylesheet" href="${page.stylesheet}" />`;
  return withPage.includes('</head>') ? withPage.replace('</head>', () => `${link}</head>`) : `${link}${withPage}`;
}
