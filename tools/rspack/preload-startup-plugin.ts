import type { Compilation, Compiler } from '@rspack/core';
import type { ShellPreload } from '../../shared/src/contracts/shell-preloads';

export type PreloadStartupOptions = {
  /** The chunk group of the entry's async boundary (`import(/* webpackChunkName: "…" *\/ './bootstrap')`). */
  bootstrap: string;
  /** The chunks of the shared modules the bootstrap consumes before it runs (React, the state libraries, …). */
  sharedChunks: readonly string[];
  /**
   * The chunks a signed-in page loads at start besides those (the API client): named in `signedInFile` for the
   * site server, which preloads them in the page only for a request carrying a session.
   */
  signedInChunks: readonly string[];
  signedInFile: string;
};

type Tag = { tagName: string; attributes: Record<string, string | boolean>; voidTag: boolean };

type NamedChunks = Pick<Compilation, 'namedChunkGroups' | 'namedChunks'>;

/** The files of the named chunk group and chunks, scripts and stylesheets, each once, in the order named. */
export function startupFiles(compilation: NamedChunks, options: Pick<PreloadStartupOptions, 'bootstrap' | 'sharedChunks'>): string[] {
  const group = compilation.namedChunkGroups.get(options.bootstrap);
  if (!group) throw new Error(`PreloadStartupPlugin: no chunk group named "${options.bootstrap}" (its import needs the webpackChunkName)`);
  return scriptsAndStyles([...group.getFiles(), ...chunkFiles(compilation, options.sharedChunks)]);
}

/** The scripts and stylesheets of the named chunks, each once, in the order named. */
export function chunkFiles(compilation: NamedChunks, names: readonly string[]): string[] {
  return scriptsAndStyles(
    names.flatMap((name) => {
      const chunk = compilation.namedChunks.get(name);
      if (!chunk) throw new Error(`PreloadStartupPlugin: no chunk named "${name}"`);
      return [...chunk.files];
    }),
  );
}

function scriptsAndStyles(files: string[]): string[] {
  return [...new Set(files)].filter((file) => /\.(js|css)$/.test(file));
}

/** The signed-in preloads file: each file as the page's `<link rel="preload">` names it. */
export function signedInPreloads(publicPath: string, files: readonly string[]): ShellPreload[] {
  return files.map((file) => ({ href: `${publicPath}${file}`, as: file.endsWith('.css') ? 'style' : 'script' }));
}

/**
 * At low priority, as the entry's own script is: the page's CSS and the route's remote entry come first, and
 * Lighthouse's simulation counts a high-priority script as blocking the first paint (measured: /Earn's simulated
 * FCP went from 1.2 s to 2 s).
 */
export function preloadTag(publicPath: string, file: string): Tag {
  const as = file.endsWith('.css') ? 'style' : 'script';
  return { tagName: 'link', attributes: { rel: 'preload', href: `${publicPath}${file}`, as, fetchpriority: 'low' }, voidTag: true };
}

/**
 * The host's page names, in its `<head>`, the files its entry loads only once it has run: the bootstrap behind
 * the async boundary and the shared modules it renders with. Without them the browser learns of these ~110 KB
 * one round trip and one evaluation of the entry later.
 */
export class PreloadStartupPlugin {
  constructor(private readonly options: PreloadStartupOptions) {}

  apply(compiler: Compiler) {
    compiler.hooks.compilation.tap('PreloadStartupPlugin', (compilation) => {
      compiler.rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise('PreloadStartupPlugin', async (data) => {
        const tags = startupFiles(compilation, this.options).map((file) => preloadTag(data.publicPath, file));
        data.assetTags.styles.push(...tags);
        const signedIn = signedInPreloads(data.publicPath, chunkFiles(compilation, this.options.signedInChunks));
        compilation.emitAsset(this.options.signedInFile, new compiler.rspack.sources.RawSource(JSON.stringify(signedIn)));
        return data;
      });
    });
  }
}
