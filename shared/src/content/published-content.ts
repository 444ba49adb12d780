/**
 * How marketing content published after a build of mf-marketing reaches the pages of that build without a
 * release: a contract between mf-marketing (its build and its pages) and the site server (api/).
 *
 * - The build writes, beside its prerendered pages (`prerendered/`), `BUILD_CONTENT_FILE` (`BuildContent`:
 *   each content file's `contentHash` as the build bundled it, and the files each prerendered page is made
 *   from) and `PRERENDER_BUNDLE_FILE` (a CommonJS module whose `renderPrerenderedPages(published)` renders the
 *   prerendered pages from the content given, the bundled content for any file not given).
 * - The site server puts into every page it serves a `<script type="application/json" id=…>` element with
 *   `PUBLISHED_CONTENT_ELEMENT_ID`, holding `PublishedContent`: the files whose published version is newer
 *   than what that build bundled (none: no element). The pages read it before their bundled copy, and the
 *   server renders the prerendered pages made from such a file again with the build's `PRERENDER_BUNDLE_FILE`.
 * - With a prerendered page the element also holds the content that page is made from (`BuildContent.firstScreen`,
 *   unless a newer version is published): the page that replaces the first screen reads its words from the
 *   document instead of downloading them as a chunk.
 */
import type { ContentFile } from './content-schemas';

/** The federation name of the remote whose pages show the content. */
export const MARKETING_REMOTE = 'mf_marketing';

export const PUBLISHED_CONTENT_ELEMENT_ID = 'published-content';

/** Under the build's `prerendered/` folder. */
export const BUILD_CONTENT_FILE = 'content.json';

/** Under the build's `prerendered/` folder; run by the site server only, never sent to a browser. */
export const PRERENDER_BUNDLE_FILE = 'render.cjs';

/** File name → its value, as published (already checked by its schema). */
export type PublishedContent = Partial<Record<ContentFile, unknown>>;

export type BuildContent = {
  /** Each content file's contentHash as the build bundled it. */
  hashes: Partial<Record<ContentFile, string>>;
  /** Each prerendered page (`index` for `/`) → the content files it is made from. */
  pages: Record<string, ContentFile[]>;
  /** Each prerendered page → those files as the build bundled them (a build made before it has none). */
  firstScreen?: Record<string, PublishedContent>;
};
