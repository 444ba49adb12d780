import type { ContentFile } from '@rewards/shared/content/content-schemas';
import type { PUBLISHED_CONTENT_ELEMENT_ID, PublishedContent } from '@rewards/shared/content/published-content';

// The contract's id, checked by the compiler: importing the value would load one more shared module at start.
const ELEMENT_ID: typeof PUBLISHED_CONTENT_ELEMENT_ID = 'published-content';

// Read once, as the module loads: the server's page is parsed by then. No document (the prerender in Node) or
// no readable JSON: the bundled copies.
let published: PublishedContent = {};
try {
  published = JSON.parse(globalThis.document?.getElementById(ELEMENT_ID)?.textContent || '{}') as PublishedContent;
} catch {
  // the bundled copies
}

/**
 * A content file as the site shows it now: the version its server put into the page when one was published
 * after this build (`@rewards/shared/content/published-content`), else the copy bundled at build, which is
 * also what tests and the prerender (no such element) get.
 */
export function publishedContent<Content>(file: ContentFile, bundled: unknown): Content {
  return (published[file] ?? bundled) as Content;
}
