import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { rspack, type Compiler, type Configuration } from '@rspack/core';
import { sourceModule } from '@rewards/tools/rspack/source-module';

const BUNDLE = 'prerender.cjs';

/**
 * Once the bundle is written, runs it and writes each page's HTML beside its CSS (`index.html`, `index.css`):
 * the site server puts them in the shell's page for that route. The bundle itself is removed.
 */
class WritePrerenderedPagesPlugin {
  constructor(private readonly outputDir: string) {}

  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tap('WritePrerenderedPagesPlugin', () => {
      // In a process of its own: the store and the renderer keep timers that would hold the build open.
      execFileSync(process.execPath, ['-e', WRITE_PAGES, path.join(this.outputDir, BUNDLE), this.outputDir], { stdio: 'inherit' });
    });
  }
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

const WRITE_PAGES = `
const { rmSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const [bundle, outputDir] = process.argv.slice(1);
for (const { file, html } of require(bundle).renderPrerenderedPages()) writeFileSync(join(outputDir, file + '.html'), html);
// Only the pages and their CSS are published with the remote.
rmSync(bundle);
process.exit(0);
`;

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
      filename: BUNDLE,
      cssFilename: '[name].css',
      library: { type: 'commonjs2' },
      uniqueName: 'mf_marketing',
      // One file that Node requires: what the pages load later (their API client) is inlined, not a chunk
      // that only a browser could fetch.
      asyncChunks: false,
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    module: sourceModule({ emitAssets: false }),
    optimization: { minimize: true, moduleIds: 'deterministic', chunkIds: 'deterministic', splitChunks: false },
    performance: { hints: false },
    plugins: [new WritePrerenderedPagesPlugin(outputDir)],
  };
}
