import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PrerenderedPageFiles } from '@rewards/tools/rspack/prerender-pages-plugin';
import { contentHash } from '@rewards/shared/content/content-hash';
import { BUILD_CONTENT_FILE, type BuildContent } from '@rewards/shared/content/published-content';
import { CONTENT_FILE_NAMES } from './src/content/content-folder';

const CONTENT_DIR = path.join(__dirname, 'content');

/** The build bundles the content files as they are now (the content check has passed). */
function bundledContentHashes(): BuildContent['hashes'] {
  return Object.fromEntries(CONTENT_FILE_NAMES.map((name) => [name, contentHash(JSON.parse(readFileSync(path.join(CONTENT_DIR, name), 'utf8')))]));
}

/** Each prerendered page's content files as bundled: the site server puts them into the page with its first screen. */
function bundledPageContent(pages: BuildContent['pages']): NonNullable<BuildContent['firstScreen']> {
  return Object.fromEntries(
    Object.entries(pages).map(([page, files]) => [page, Object.fromEntries(files.map((name) => [name, JSON.parse(readFileSync(path.join(CONTENT_DIR, name), 'utf8')) as unknown]))]),
  );
}

/**
 * Beside the public pages rendered after the production build (`prerender` of `createFederatedAppConfig`) stay the
 * bundle (`render.cjs`, never served) and what it bundled (`content.json`: each content file's hash, the files each
 * page shows): the site server renders the pages again from content published after this build
 * (`@rewards/shared/content/published-content`).
 */
export function writeBuildContent(outputDir: string, pageFiles: PrerenderedPageFiles): void {
  // The landing's entry names content files only.
  const pages = pageFiles as BuildContent['pages'];
  const content: BuildContent = { hashes: bundledContentHashes(), pages, firstScreen: bundledPageContent(pages) };
  writeFileSync(path.join(outputDir, BUILD_CONTENT_FILE), `${JSON.stringify(content, null, 2)}\n`);
}
