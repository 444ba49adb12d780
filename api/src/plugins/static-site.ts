import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorEnvelope } from '@rewards/shared/contracts/api-types';
import { AUTH_COOKIE, LIVE_STATS_COOKIE } from '@rewards/shared/constants';
import { intlLocale } from '@rewards/shared/i18n/locales';
import { RUNTIME_CONFIG_PATH, type RuntimeConfig } from '@rewards/shared/contracts/runtime-config';
import { CACHE_FOREVER, cacheControlFor } from './cache-policy';
import { applySitePolicy, type SitePolicySources } from './security-headers';
import { type Preload, routePreloads, signedInPreloads, slotPreloads, withPreloads, type LocateFile } from './route-preload';
import {
  type ContentPreview,
  type MemberFirstScreenSource,
  prerenderedPage,
  type PrerenderedViewer,
  type PublishedContentSource,
  publishedContentView,
  renderedFirstScreen,
  withPrerenderedPage,
  withPublishedContent,
} from './prerendered-page';
import { requestLocale, varyWith, withHtmlLang } from './request-locale';
import { START_AFTER_PAINT_HASH, withStartAfterPaint } from './start-after-paint';
import { sessionAnswerFor, withJsonElement, withSessionAnswer } from './session-answer';
import { REMOTE_PACKAGES, VERSION_PATTERN } from '../remote-builds';

/** What the shell's page depends on besides its path: its `<html lang>` (and the canary's bucket cookie). */
const PAGE_VARIES_WITH = ['Cookie', 'Accept-Language'];

/** The API prefix of this server (`api/src/app.ts`): a runtime config naming it sends the pages' calls here. */
const SAME_ORIGIN_API_BASE = '/api';

/** Paths the shell's SPA fallback never answers: they belong to the API, the remotes and the gateway. */
const NOT_SHELL_PREFIXES = ['/api/', '/remotes/', '/app/', '/apps/'];

export type StaticSiteOptions = {
  /** Folder holding `shell/dist` and `mf-*\/dist`: the repository root in production, a fixture in tests. */
  siteRoot: string;
  /** RELEASES_DIR: `<package>/<version>/` folders of published remote builds (`pnpm release`). */
  releasesDir?: string;
  /** What the shell page's Content-Security-Policy allows; without it the page keeps the API's policy. */
  sitePolicy?: () => Promise<SitePolicySources>;
  /** The marketing content published since a build of mf-marketing (modules/content); without it the builds show their own. */
  publishedContent?: PublishedContentSource;
  /** The staff member's draft a page request asks to preview (`?preview=<id>`); null for anyone else. */
  contentPreview?: (request: FastifyRequest) => Promise<ContentPreview | null>;
  /** First screens rendered per request from a signed-in user's data (`/Earn`'s offers); without it, none. */
  memberFirstScreen?: MemberFirstScreenSource;
};

/**
 * Serves the whole site from this server: the shell at `/` with an SPA fallback, each remote's working build
 * under `/remotes/<package>/` and each published version of it under `/remotes/<package>/<version>/`. Files
 * are read from disk on every request, so rebuilding a remote's `dist/` while the server runs shows on the
 * next page load. A version's folder never changes once published: all of it may be cached forever.
 */
export const staticSitePlugin: FastifyPluginAsync<StaticSiteOptions> = async (app, { siteRoot, releasesDir, sitePolicy, publishedContent, contentPreview, memberFirstScreen }) => {
  const releasesRoot = releasesDir ? resolve(releasesDir) : undefined;
  const shellDist = resolve(siteRoot, 'shell', 'dist');
  for (const pkg of ['shell', ...REMOTE_PACKAGES]) {
    const dist = join(siteRoot, pkg, 'dist');
    if (!existsSync(dist)) app.log.warn(`${pkg}/dist not found: build it (pnpm --filter @rewards/${pkg} build); serving what exists`);
  }

  await app.register(fastifyStatic, {
    root: siteRoot,
    serve: false,
    cacheControl: false,
    dotfiles: 'ignore',
    // The build writes `.br` and `.gz` beside each text asset at the strongest levels: sent as they are.
    preCompressed: true,
    setHeaders: (reply, path) =>
      reply.header('cache-control', releasesRoot && resolve(path).startsWith(releasesRoot + sep) ? CACHE_FOREVER : cacheControlFor(path)),
  });

  // Remotes may be loaded by a shell on another origin: their manifests are fetched with CORS.
  await app.register(
    async (remotes) => {
      await remotes.register(cors, { origin: '*', methods: ['GET', 'HEAD'] });
      remotes.get<{ Params: { remote: string; '*': string } }>('/:remote/*', (request, reply) => {
        const { remote, '*': file } = request.params;
        if (!isRemotePackage(remote) || file === '' || isServerOnlyFile(file)) return reply.callNotFound();
        const [first = '', ...rest] = file.split('/');
        if (releasesRoot && VERSION_PATTERN.test(first)) {
          const versionFile = rest.join('/');
          return versionFile === '' ? reply.callNotFound() : reply.sendFile(versionFile, join(releasesRoot, remote, first));
        }
        return reply.sendFile(file, join(siteRoot, remote, 'dist'));
      });
    },
    { prefix: '/remotes' },
  );

  app.get<{ Params: { '*': string } }>('/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (NOT_SHELL_PREFIXES.some((prefix) => path.startsWith(prefix) || `${path}/` === prefix)) return reply.callNotFound();
    const file = request.params['*'];
    if (file !== '' && (await isFileInside(shellDist, file))) return reply.sendFile(file, shellDist);
    if (!wantsPage(request, file)) return reply.callNotFound();
    const policy = sitePolicy ? await sitePolicy() : undefined;
    return sendShellPage(app, shellDist, path, locate, request, reply, policy, { publishedContent, contentPreview, memberFirstScreen });
  });

  /** The file behind `/remotes/<package>/…` (a working build or a published version), as the route above serves it. */
  const locate: LocateFile = (urlPath) => {
    const match = /^\/remotes\/([^/]+)\/(.+)$/.exec(urlPath);
    if (!match || !isRemotePackage(match[1]!)) return null;
    const [, remote, file] = match as unknown as [string, string, string];
    const [first = '', ...rest] = file.split('/');
    const folder = releasesRoot && VERSION_PATTERN.test(first) ? join(releasesRoot, remote, first) : join(siteRoot, remote, 'dist');
    const absolute = resolve(folder, releasesRoot && VERSION_PATTERN.test(first) ? rest.join('/') : file);
    return absolute.startsWith(resolve(folder) + sep) ? absolute : null;
  };
};

/** A remote's prerender bundle (`prerendered/render.cjs`) runs in this server only: no browser needs it. */
function isServerOnlyFile(file: string): boolean {
  return /\.cjs$/i.test(file.split('?')[0]!);
}

function isRemotePackage(name: string): name is (typeof REMOTE_PACKAGES)[number] {
  return (REMOTE_PACKAGES as readonly string[]).includes(name);
}

async function isFileInside(root: string, relativePath: string): Promise<boolean> {
  const absolute = resolve(root, relativePath);
  if (!absolute.startsWith(root + sep)) return false;
  try {
    return (await stat(absolute)).isFile();
  } catch {
    return false;
  }
}

// A missing `main.0123456789.js` must stay a 404: answering it with HTML breaks the script loudly elsewhere.
function wantsPage(request: FastifyRequest, file: string): boolean {
  return extname(file) === '' || (request.headers.accept ?? '').includes('text/html');
}

/**
 * The shell's page, with preload links for the files of the remote owning this path: the runtime config this
 * request would get (a canary's bucket cookie, given here on a first visit, goes with the page), so the
 * browser fetches the remote with the shell instead of after it. A request carrying a session also preloads the
 * shell's API client, which a signed-in page loads at start, and carries the session's user (the answer the
 * page's session check would wait for), which makes the page the user's own: never stored by a cache.
 */
async function sendShellPage(
  app: FastifyInstance,
  shellDist: string,
  path: string,
  locate: LocateFile,
  request: FastifyRequest,
  reply: FastifyReply,
  policy: SitePolicySources | undefined,
  { publishedContent, contentPreview, memberFirstScreen }: Pick<StaticSiteOptions, 'publishedContent' | 'contentPreview' | 'memberFirstScreen'>,
) {
  if (policy) applySitePolicy(request, reply, policy);
  if (!(await isFileInside(shellDist, 'index.html'))) {
    const body: ErrorEnvelope = { status: 'error', code: 'site_not_built', message: 'The site is not built yet' };
    return reply.code(503).header('cache-control', 'no-store').send(body);
  }
  // The page's language follows the visitor's (lang cookie, else Accept-Language): caches keep one per language.
  const html = withHtmlLang(await readFile(join(shellDist, 'index.html'), 'utf8'), requestLocale(request));
  const signedIn = hasSessionCookie(request);
  // Asked beside the runtime config: the page waits for the slower of the two, not for both in turn.
  const sessionUser = signedIn ? sessionAnswerFor(app, request) : Promise.resolve(null);
  const config = await app.inject({ method: 'GET', url: RUNTIME_CONFIG_PATH, headers: request.headers.cookie ? { cookie: request.headers.cookie } : {} });
  reply.type('text/html; charset=utf-8').header('cache-control', cacheControlFor('index.html')).header('vary', varyWith(undefined, PAGE_VARIES_WITH));
  if (config.statusCode !== 200) {
    await sessionUser;
    return reply.send(html);
  }
  const bucketCookie = config.headers['set-cookie'];
  if (bucketCookie) reply.header('set-cookie', bucketCookie);
  // The page is built from the document this request gets: it varies as the document does (and with the language),
  // private when the document is.
  if (config.headers.vary) reply.header('vary', config.headers.vary);
  if (String(config.headers['cache-control']).includes('private')) reply.header('cache-control', 'private, no-cache');
  reply.header('vary', varyWith(reply.getHeader('vary'), PAGE_VARIES_WITH));
  const runtimeConfig = config.json<RuntimeConfig>();
  const preview = contentPreview
    ? await contentPreview(request).catch((error: unknown) => {
        app.log.error({ err: error }, 'the content preview could not be read: the page shows what is published');
        return null;
      })
    : null;
  // A preview is this staff member's alone: never kept by a cache.
  if (preview) reply.header('cache-control', 'private, no-store');
  // The page's language picks the prerendered first screen and the published content it carries.
  // (The pseudo-language's page is English: its first screen is the English one.)
  const locale = intlLocale(requestLocale(request));
  const published = await publishedContentView(publishedContent, runtimeConfig, locate, preview ?? undefined, locale).catch((error: unknown) => {
    app.log.error({ err: error }, 'the published marketing content could not be applied: the page shows its build’s content');
    return null;
  });
  // Only where the page's API is this server's own (`apiBase` on this origin): another API's answer could differ.
  // Not in a staff member's preview, which shows the page as a visitor sees it.
  const sessionAnswer = await sessionUser;
  const user = runtimeConfig.apiBase === SAME_ORIGIN_API_BASE && !preview ? sessionAnswer : null;
  const viewer = firstScreenViewer(signedIn, preview !== null, user);
  const prerendered = viewer ? await prerenderedPage(path, runtimeConfig, locate, published, locale, viewer) : null;
  // Else, for a signed-in user, a first screen made from the user's data (the data goes into the page with it).
  const rendered =
    !prerendered && viewer === 'member' && memberFirstScreen && typeof user?.id === 'number'
      ? await renderedFirstScreen(path, runtimeConfig, locate, memberFirstScreen, locale, user.id).catch((error: unknown) => {
          app.log.error({ err: error }, 'a first screen could not be made for this page: it loads without one');
          return null;
        })
      : null;
  const page = prerendered ?? rendered?.page ?? null;
  if (user) reply.header('cache-control', 'private, no-store');
  // A user whose email is not verified sees the banner above every page, painted before the page's own content.
  const bannerPreloads = user?.email_verified === false ? await slotPreloads(runtimeConfig.verifyEmailBanner, runtimeConfig, locate, locale) : [];
  const preloads = withoutRepeats([
    ...(await routePreloads(path, runtimeConfig, locate)),
    ...(signedIn ? await signedInPreloads(shellDist) : []),
    ...bannerPreloads,
  ]);
  const shellPage = withSessionAnswer(withPublishedContent(withPreloads(html, preloads), published?.dataBlockFor(page?.file ?? null) ?? null), user);
  const withData = rendered ? withJsonElement(shellPage, rendered.data.id, rendered.data.safeJson) : shellPage;
  const withPage = withPrerenderedPage(withData, page, { liveStats: request.cookies?.[LIVE_STATS_COOKIE.name] !== LIVE_STATS_COOKIE.off });
  if (withPage === withData) return reply.send(shellPage);
  // A page painted from its HTML fetches its scripts after that paint; a page without one needs them at once.
  if (policy) applySitePolicy(request, reply, policy, [START_AFTER_PAINT_HASH]);
  return reply.send(withStartAfterPaint(withPage));
}

/**
 * Whose first screen the page may carry: a visitor's (a staff member's preview shows it as a visitor would);
 * a signed-in user's only when the session checked out and the page shows at once. A signed-in visitor of a
 * public page is sent elsewhere by the shell, and a session that did not check out (expired, another API's) is
 * sent to `/`: no page flashes first. Nor above an unverified email's banner, which would push it down.
 */
function firstScreenViewer(signedIn: boolean, preview: boolean, user: Record<string, unknown> | null): PrerenderedViewer | null {
  if (preview || !signedIn) return 'visitor';
  return user?.email_verified === true ? 'member' : null;
}

/** Each file once, as first named (the route's remote may be the banner's too: its entry keeps the route's priority). */
function withoutRepeats(preloads: Preload[]): Preload[] {
  const seen = new Set<string>();
  return preloads.filter((preload) => {
    if (seen.has(preload.href)) return false;
    seen.add(preload.href);
    return true;
  });
}

function hasSessionCookie(request: FastifyRequest): boolean {
  return (request.headers.cookie ?? '').split(';').some((part) => part.trim().startsWith(`${AUTH_COOKIE}=`));
}
