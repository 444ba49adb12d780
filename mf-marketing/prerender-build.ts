import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { rspack, type Compiler, type Configuration } from '@rspack/core';
import { sourceModule } from '@rewards/tools/rspack/source-module';
import { contentHash } from '@rewards/shared/content/content-hash';
import { BUILD_CONTENT_FILE, type BuildContent, PRERENDER_BUNDLE_FILE } from '@rewards/shared/content/published-content';
import { CONTENT_FILE_NAMES } from './src/content/content-folder';

const CONTENT_DIR = path.join(__dirname, 'content');

/**
 * Once the bundle is written, runs it and writes each page's HTML beside its CSS (`index.html`, `index.css`):
 * the site server puts them in the shell's page for that route. The bundle stays (`render.cjs`, never served)
 * with what it bundled (`content.json`: each content file's hash, the files each page shows): the site server
 * renders the pages again from content published after this build (`@rewards/shared/content/published-content`).
 */
class WritePrerenderedPagesPlugin {
  constructor(private readonly outputDir: string) {}

  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tap('WritePrerenderedPagesPlugin', () => {
      // In a process of its own: the store and the renderer keep timers that would hold the build open.
      const written = execFileSync(process.execPath, ['-e', WRITE_PAGES, path.join(this.outputDir, PRERENDER_BUNDLE_FILE), this.outputDir], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const pages = JSON.parse(written) as BuildContent['pages'];
      const content: BuildContent = { hashes: bundledContentHashes(), pages, firstScreen: bundledPageContent(pages) };
      writeFileSync(path.join(this.outputDir, BUILD_CONTENT_FILE), `${JSON.stringify(content, null, 2)}\n`);
    });
  }
}

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
 * After the remote's production build, renders its public pages into `<output>/prerendered/` (the build's
 * output folder, `dist/` or the folder `pnpm release` builds into), so every published version has its own.
 */
export class PrerenderPagesPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tapPromise('PrerenderPagesPlugin', async () => {
      const outputDir = path.join(compiler.options.output.path ?? path.join(__dirname, 'dist'), 'prerendered');
      await new Promise<void>((resolve, reject) => {
        rspack(prerenderConfig(outputDir), (error, stats) => {
          if (error) reject(error);
          else if (stats?.hasErrors()) reject(new Error(`The prerender build failed:\n${stats.toString({ all: false, errors: true })}`));
          else resolve();
        });
      });
    });
  }
}

// Prints each page's content files (file → names) for content.json.
const WRITE_PAGES = `
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const [bundle, outputDir] = process.argv.slice(1);
const { PRERENDERED_PAGES, renderPrerenderedPages, messagesReady } = require(bundle);
Promise.resolve(messagesReady && messagesReady())
  .then(() => renderPrerenderedPages())
  .then(
    (pages) => {
      for (const { file, html } of pages) writeFileSync(join(outputDir, file + '.html'), html);
      process.stdout.write(JSON.stringify(Object.fromEntries(PRERENDERED_PAGES.map((page) => [page.file, page.content]))));
      process.exit(0);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
`;

/**
 * The sources as the browser build reads them, with every `import()` bundled in place: one file for Node, and
 * each language's content files (`import(\`…/${locale}/landing.json\`)`) and messages (`import(\`./${locale}.json\`)`)
 * inside it rather than chunks.
 */
function prerenderModule(): NonNullable<Configuration['module']> {
  const module = sourceModule({ emitAssets: false });
  return { ...module, parser: { ...module.parser, javascript: { dynamicImportMode: 'eager' } } };
}

// The client build's CSS-module class names come from the same files with the same rule, so the
// prerendered markup and the page that replaces it share their classes.
function prerenderConfig(outputDir: string): Configuration {
  return {
    mode: 'production',
    context: __dirname,
    // A web target, so its CSS is written as the browser build writes it; the bundle has no browser-only code.
    target: 'web',
    entry: { index: './src/prerender/prerender-entry.tsx' },
    output: {
      path: outputDir,
      filename: PRERENDER_BUNDLE_FILE,
      cssFilename: '[name].css',
      library: { type: 'commonjs2' },
      uniqueName: 'mf_marketing',
      // One file that Node requires: what the pages load later (their API client) is inlined, not a chunk
      // that only a browser could fetch.
      asyncChunks: false,
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    module: prerenderModule(),
    optimization: { minimize: true, moduleIds: 'deterministic', chunkIds: 'deterministic', splitChunks: false },
    performance: { hints: false },
    plugins: [new WritePrerenderedPagesPlugin(outputDir)],
  };
}
