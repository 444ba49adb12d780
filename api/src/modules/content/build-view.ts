/**
 * What the published content changes in the pages of one build of mf-marketing (the one a request's runtime
 * config names: a release, a canary, the working build): the files published after that build bundled its
 * content go into the page as data (`@rewards/shared/content/published-content`), and its prerendered pages
 * made from such a file are rendered again from it, once per content version and build.
 */
import { readFile, stat } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { type ContentFile, splitContentFile } from '@rewards/shared/content/content-files';
import { DEFAULT_LOCALE, type Locale } from '@rewards/shared/i18n/locales';
import { BUILD_CONTENT_FILE, type BuildContent, PRERENDER_BUNDLE_FILE, type PublishedContent } from '@rewards/shared/content/published-content';
import type { ContentPreview, PublishedContentSource, PublishedContentView } from '../../plugins/prerendered-page';
import { createRenderCache } from '../../plugins/render-cache';
import type { PublishedContentState, PublishedSnapshot } from './published-state';
import { type RenderedPage, renderInWorker } from './prerender-worker';

const NOTHING_NEWER: PublishedContentView = { dataBlock: null, dataBlockFor: () => null, prerendered: async () => null };
/** Renders kept (build × content): a few builds (release, canary, working) × a few recent versions. */
const MAX_RENDERS = 16;

/**
 * The files whose published version is newer than the build's: a build that bundled a text recorded before the
 * newest version shows the newest; one that bundled a text never recorded (a release made after the last
 * publish, before a start recorded its files) is the newer, and shows its own. A file the build did not
 * bundle is not its page's, and a build that recorded nothing (made before content was published) reads none.
 */
export function filesNewerThanBuild(snapshot: PublishedSnapshot, bundled: BuildContent['hashes']): ContentFile[] {
  const newer: ContentFile[] = [];
  for (const [file, published] of snapshot.files) {
    const bundledHash = bundled[file];
    if (bundledHash === undefined || bundledHash === published.hash) continue;
    const bundledVersion = snapshot.hashes.get(file)?.get(bundledHash);
    if (bundledVersion !== undefined && bundledVersion < published.version) newer.push(file);
  }
  return newer.sort();
}

/**
 * The files a page in `locale` reads: its language's and the English ones (its fallback, the legal pages). A
 * switch to another language in the page shows that language's build copy until the next page load.
 */
export function filesOfLocale(files: readonly ContentFile[], locale: Locale): ContentFile[] {
  return files.filter((file) => {
    const language = splitContentFile(file).locale;
    return language === DEFAULT_LOCALE || language === locale;
  });
}

/** The page's data: JSON that cannot end its `<script>` element (`</script>`, `<!--`). */
export function dataBlockOf(published: PublishedContent): string {
  return JSON.stringify(published).replace(/</g, '\\u003c');
}

export type BuildViewOptions = {
  state: Pick<PublishedContentState, 'current'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  render?: (bundle: string, published: PublishedContent) => Promise<RenderedPage[]>;
  now?: () => number;
};

type Cached<T> = { mtimeMs: number; value: T };

export function createBuildViews({ state, log, render = renderInWorker, now = Date.now }: BuildViewOptions): PublishedContentSource {
  const buildContents = new Map<string, Cached<BuildContent | null>>();
  const renders = createRenderCache<RenderedPage[]>({
    maxEntries: MAX_RENDERS,
    now,
    onFailure: (error, key) => log.error({ err: error }, `the prerendered pages could not be rendered from the published content for ${key}: / goes without its prerendered first screen`),
  });
  const dataBlocks = new Map<string, string>();

  /** The build's content.json, read again when the file changes (a rebuild of the working build). */
  async function buildContentAt(path: string | null): Promise<BuildContent | null> {
    if (!path) return null;
    const mtimeMs = await stat(path).then((found) => found.mtimeMs, () => -1);
    const cached = buildContents.get(path);
    if (cached?.mtimeMs === mtimeMs) return cached.value;
    let value: BuildContent | null = null;
    if (mtimeMs >= 0) {
      try {
        const parsed = JSON.parse(await readFile(path, 'utf8')) as BuildContent;
        if (parsed && typeof parsed.hashes === 'object' && typeof parsed.pages === 'object') value = parsed;
      } catch {
        // unreadable: treated as a build that recorded nothing
      }
    }
    buildContents.set(path, { mtimeMs, value });
    return value;
  }

  function renderedPages(bundle: string, bundleMtime: number, published: PublishedContent, snapshot: PublishedSnapshot, preview?: ContentPreview): Promise<RenderedPage[]> {
    const versions = Object.keys(published)
      .map((file) => (preview && Object.hasOwn(preview.content, file) ? `${file}@draft:${preview.key}` : `${file}@${snapshot.files.get(file as ContentFile)?.hash}`))
      .join(',');
    const key = `${bundle}|${bundleMtime}|${versions}`;
    return renders.get(key, () => render(bundle, published)).result;
  }

  /** The JSON for `key`, made once (a few builds × a few content versions × a few pages). */
  function cachedBlock(key: string, make: () => PublishedContent): string {
    let block = dataBlocks.get(key);
    if (block === undefined) {
      if (dataBlocks.size >= MAX_RENDERS * 8) dataBlocks.clear();
      dataBlocks.set(key, (block = dataBlockOf(make())));
    }
    return block;
  }

  return async (build, preview, locale = DEFAULT_LOCALE) => {
    const snapshot = await state.current();
    const contentPath = build.locate(BUILD_CONTENT_FILE);
    const content = await buildContentAt(contentPath);
    if (!content) return NOTHING_NEWER;
    const buildKey = `${contentPath}@${buildContents.get(contentPath!)?.mtimeMs}`;
    // A staff member's draft goes into the page whatever the build bundled (it is newer than anything), in
    // whichever language: the page shows it once switched to that language.
    const drafted = preview ? (Object.keys(preview.content) as ContentFile[]) : [];
    const newer = snapshot.files.size === 0 ? [...drafted].sort() : [...new Set([...filesOfLocale(filesNewerThanBuild(snapshot, content.hashes), locale), ...drafted])].sort();
    const published: PublishedContent = Object.fromEntries(newer.map((file) => [file, preview && Object.hasOwn(preview.content, file) ? preview.content[file] : snapshot.files.get(file)!.value]));
    const blockKey = `${snapshot.latest}|${newer.join(',')}${preview ? `|draft:${preview.key}` : ''}`;
    const dataBlock = newer.length === 0 ? null : cachedBlock(blockKey, () => published);
    const dataBlockFor = (file: string | null): string | null => {
      const firstScreen = file !== null && content.firstScreen && Object.hasOwn(content.firstScreen, file) ? content.firstScreen[file] : undefined;
      if (!firstScreen || typeof firstScreen !== 'object') return dataBlock;
      return cachedBlock(`${buildKey}|${file}|${blockKey}`, () => ({ ...firstScreen, ...published }));
    };
    if (newer.length === 0) return { ...NOTHING_NEWER, dataBlockFor };
    return {
      dataBlock,
      dataBlockFor,
      async prerendered(file) {
        // A page made from nothing newer is the build's own.
        const shown = Object.hasOwn(content.pages, file) ? content.pages[file]! : [];
        const inputs = newer.filter((name) => shown.includes(name));
        if (inputs.length === 0) return null;
        const bundle = build.locate(PRERENDER_BUNDLE_FILE);
        const bundleMtime = bundle ? await stat(bundle).then((found) => found.mtimeMs, () => -1) : -1;
        if (!bundle || bundleMtime < 0) throw new Error(`the marketing build has no ${PRERENDER_BUNDLE_FILE} to render its pages from the published content`);
        const pages = await renderedPages(bundle, bundleMtime, Object.fromEntries(inputs.map((name) => [name, published[name]])), snapshot, preview);
        const page = pages.find((candidate) => candidate.file === file);
        if (!page) throw new Error(`${bundle} rendered no page ${file}`);
        return page.html;
      },
    };
  };
}
