import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { rspack, type Compiler, type Configuration } from '@rspack/core';
import { PRERENDER_BUNDLE_FILE } from '../../shared/src/content/published-content';
import { sourceModule } from './source-module';

/** Each prerendered page's file (`index.de`) and the content files it shows (none for a page without content). */
export type PrerenderedPageFiles = Record<string, string[]>;

/** What a remote adds to the prerender (`prerender` of `createFederatedAppConfig`). */
export type PrerenderHooks = {
  /** Once the pages are written into `outputDir` (`<build output>/prerendered/`), with what each page shows. */
  afterPagesWritten?(outputDir: string, pages: PrerenderedPageFiles): void;
};

export type PrerenderPagesOptions = PrerenderHooks & {
  /** The remote's folder (its `rspack.config.ts` beside `src/prerender/prerender-entry.tsx`). */
  packageDir: string;
  /** The remote's federation name: its CSS-module class names are the client build's. */
  uniqueName: string;
};

/**
 * After a remote's production build, renders the pages its `src/prerender/prerender-entry.tsx` lists into
 * `<output>/prerendered/` (the build's output folder, `dist/` or the folder `pnpm release` builds into, so every
 * published version has its own): `<file>.html` for each page in each language, beside the CSS they need
 * (`index.css`), and the bundle that rendered them (`PRERENDER_BUNDLE_FILE`, a `.cjs` the site server never serves).
 * The site server puts a page into the shell's HTML for its path. The entry exports
 * `PRERENDERED_PAGES` (`{ file, content? }[]`), `renderPrerenderedPages()` and `messagesReady()`.
 */
export class PrerenderPagesPlugin {
  constructor(private readonly options: PrerenderPagesOptions) {}

  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tapPromise('PrerenderPagesPlugin', async () => {
      const outputDir = path.join(compiler.options.output.path ?? path.join(this.options.packageDir, 'dist'), 'prerendered');
      await new Promise<void>((resolve, reject) => {
        rspack(prerenderConfig(this.options, outputDir), (error, stats) => {
          if (error) reject(error);
          else if (stats?.hasErrors()) reject(new Error(`The prerender build failed:\n${stats.toString({ all: false, errors: true })}`));
          else resolve();
        });
      });
    });
  }
}

/** Once the bundle is written, runs it and writes each page's HTML beside its CSS. The bundle stays (never served). */
class WritePrerenderedPagesPlugin {
  constructor(
    private readonly bundle: string,
    private readonly afterPagesWritten: PrerenderPagesOptions['afterPagesWritten'],
  ) {}

  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tap('WritePrerenderedPagesPlugin', () => {
      // In a process of its own: the store and the renderer keep timers that would hold the build open.
      const outputDir = path.dirname(this.bundle);
      const written = execFileSync(process.execPath, ['-e', WRITE_PAGES, this.bundle, outputDir], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      this.afterPagesWritten?.(outputDir, JSON.parse(written) as PrerenderedPageFiles);
    });
  }
}

// Prints each page's content files (file → names).
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
      process.stdout.write(JSON.stringify(Object.fromEntries(PRERENDERED_PAGES.map((page) => [page.file, page.content || []]))));
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
 * each language's content files and messages (`import(\`./${locale}.json\`)`) inside it rather than chunks.
 */
function prerenderModule(): NonNullable<Configuration['module']> {
  const module = sourceModule({ emitAssets: false });
  return { ...module, parser: { ...module.parser, javascript: { dynamicImportMode: 'eager' } } };
}

// The client build's CSS-module class names come from the same files with the same rule, so the
// prerendered markup and the page that replaces it share their classes.
function prerenderConfig({ packageDir, uniqueName, afterPagesWritten }: PrerenderPagesOptions, outputDir: string): Configuration {
  return {
    mode: 'production',
    context: packageDir,
    // A web target, so its CSS is written as the browser build writes it; the bundle has no browser-only code.
    target: 'web',
    entry: { index: './src/prerender/prerender-entry.tsx' },
    output: {
      path: outputDir,
      filename: PRERENDER_BUNDLE_FILE,
      cssFilename: '[name].css',
      library: { type: 'commonjs2' },
      uniqueName,
      // Not where the remote's assets are served (a release's folder is named later): a prerendered page shows
      // none of the bundle's own assets. Set, so that a module importing one still loads in Node.
      publicPath: '/',
      // One file that Node requires: what the pages load later (their API client) is inlined, not a chunk
      // that only a browser could fetch.
      asyncChunks: false,
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    module: prerenderModule(),
    optimization: { minimize: true, moduleIds: 'deterministic', chunkIds: 'deterministic', splitChunks: false },
    performance: { hints: false },
    plugins: [new WritePrerenderedPagesPlugin(path.join(outputDir, PRERENDER_BUNDLE_FILE), afterPagesWritten)],
  };
}
