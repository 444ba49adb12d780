import { Console } from 'node:console';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { format } from 'node:util';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { BuildStampPlugin } from './build-stamp-plugin';
import { ContractCheckPlugin } from './contract-check-plugin';
import { FederationRuntimeModulesPlugin } from './federation-runtime-modules-plugin';
import { PrecompressPlugin } from './precompress-plugin';
import { PreloadStartupPlugin } from './preload-startup-plugin';
import { PrerenderPagesPlugin, type PrerenderHooks } from './prerender-pages-plugin';
import { PruneOldChunksPlugin } from './prune-old-chunks-plugin';
import { PublishTypesPlugin } from './publish-types-plugin';
import { SIGNED_IN_PRELOADS_FILE } from '../../shared/src/contracts/shell-preloads';
import { sourceModule } from './source-module';
import { sharedSingletons } from './shared-singletons';

const KEEP_OLD_RELEASE_FILES_DAYS = 7;
const REPOSITORY_ROOT = path.join(__dirname, '..', '..');

/**
 * A remote's `publicPath` is 'auto' on purpose: its files load from wherever its remoteEntry.js was found, so
 * one build is served from any folder or origin (`/remotes/<package>/<version>/`, a CDN), and the host reads
 * the manifest's 'auto' the same way. The manifest plugin announces that choice on every build; that one
 * notice is left out of the build's output, every other message passes.
 */
const AUTO_PUBLIC_PATH_NOTICE = /Manifest will use absolute path resolution via its host at runtime, reason: publicPath='auto'/;

function consoleWithout(notice: RegExp): Console {
  const stderr = new Console({ stdout: process.stderr, stderr: process.stderr });
  return Object.assign(Object.create(stderr) as Console, {
    warn: (...args: unknown[]) => {
      if (!notice.test(format(...args))) stderr.warn('<w>', ...args);
    },
  });
}

/** What shapes a build without being read by it: a changed config or dependency makes the build stale too. */
function configInputs(packageDir: string): string[] {
  const rspackTools = readdirSync(__dirname)
    .filter((name) => !name.includes('.test.'))
    .map((name) => path.join(__dirname, name));
  return [
    path.join(packageDir, 'rspack.config.ts'),
    path.join(packageDir, 'package.json'),
    path.join(packageDir, 'federation.cjs'),
    path.join(REPOSITORY_ROOT, 'shared', 'package.json'),
    path.join(REPOSITORY_ROOT, 'pnpm-lock.yaml'),
    path.join(REPOSITORY_ROOT, 'tools', 'build-stamp', 'build-stamp.cjs'),
    ...rspackTools,
  ];
}

const sharedPackageRequire = createRequire(path.join(REPOSITORY_ROOT, 'shared', 'package.json'));

/**
 * react-router's package map names only its development build (the production build differs in one flag,
 * `ENABLE_DEV_WARNINGS`, whose warnings and developer pages stay in the bundle); a production build takes the
 * production files beside it.
 */
function reactRouterProductionBuild(): Record<string, string> {
  const packageDir = path.dirname(sharedPackageRequire.resolve('react-router/package.json'));
  return { 'react-router$': path.join(packageDir, 'dist', 'production', 'index.mjs') };
}

/** Messages arrive compiled (messages-loader.cjs): intl-messageformat never parses in the browser. */
const MESSAGE_PARSER_LEFT_OUT = {
  '@formatjs/icu-messageformat-parser$': sharedPackageRequire.resolve('@formatjs/icu-messageformat-parser/no-parser.js'),
};

/**
 * V8 compiles a function the first time it runs, on the main thread, unless its file says every function runs at
 * load (V8's explicit compile hint, Chromium 136+; other engines read a comment): then it compiles them all while
 * the file streams in, off the main thread. Worth it where nearly all the code runs at start: the shell's entry
 * is the federation runtime, and its start-up runs most of it. After minifying (which drops comments), before the
 * content hash.
 */
function compileAtLoadHint(files: RegExp) {
  return new rspack.BannerPlugin({
    banner: '//# allFunctionsCalledOnLoad',
    raw: true,
    test: files,
    stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
  });
}

/** The host's own page; a remote running alone (`pnpm dev`) gets the one page every remote shares. */
function htmlTemplate(packageDir: string, isHost: boolean) {
  if (isHost) return { template: path.join(packageDir, 'src', 'index.html') };
  return { template: path.join(__dirname, 'standalone.html'), templateParameters: { title: `${path.basename(packageDir)} (standalone)` } };
}

export type FederatedAppOptions = {
  /** Package folder (the config's `__dirname`). */
  packageDir: string;
  /** Federation container name: `shell`, `mf_earn`, ... */
  name: string;
  /** Modules this remote exposes; empty for the host. */
  exposes?: Record<string, string>;
  /** The host is built with an HTML page and provides the federation runtime to remotes. */
  isHost?: boolean;
  /** Port of `pnpm dev` for this package. */
  devPort: number;
  /** Entry used by `pnpm dev` (the standalone harness for a remote). */
  devEntry?: string;
  /**
   * `true`, or hooks into it: the production build also renders the pages `src/prerender/prerender-entry.tsx`
   * lists to HTML, which the site server paints before the scripts run (`PrerenderPagesPlugin`).
   */
  prerender?: true | PrerenderHooks;
};

function prerenderHooks(prerender: true | PrerenderHooks): PrerenderHooks {
  return prerender === true ? {} : prerender;
}

/** A remote that declares its exposes in `federation.cjs` (every remote of the site) publishes their types. */
function publishesTypes(packageDir: string): PublishTypesPlugin[] {
  return existsSync(path.join(packageDir, 'federation.cjs')) ? [new PublishTypesPlugin(packageDir)] : [];
}

export function createFederatedAppConfig(options: FederatedAppOptions, argv: { mode?: string } = {}): Configuration {
  const mode = argv.mode === 'development' ? 'development' : 'production';
  const isProduction = mode === 'production';
  const { packageDir, isHost = false } = options;
  const needsHtml = isHost || !isProduction;
  const entry = isHost ? './src/index.ts' : isProduction ? {} : (options.devEntry ?? './src/standalone/index.ts');

  return {
    mode,
    context: packageDir,
    entry,
    devtool: isProduction ? false : 'cheap-module-source-map',
    output: {
      path: path.join(packageDir, 'dist'),
      publicPath: isHost ? '/' : 'auto',
      filename: isProduction ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: isProduction ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: isProduction ? '[name].[contenthash:10].css' : '[name].css',
      cssChunkFilename: isProduction ? '[name].[contenthash:10].css' : '[name].css',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      uniqueName: options.name,
      // Old hashed chunks stay so pages running the previous release can still lazy-load them;
      // PruneOldChunksPlugin removes them once no build has written them for a week.
      clean: false,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      alias: { ...MESSAGE_PARSER_LEFT_OUT, ...(isProduction ? reactRouterProductionBuild() : {}) },
    },
    module: sourceModule({ development: !isProduction }),
    optimization: {
      minimize: isProduction,
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      // Federation puts every shared module in a chunk of its own: ~35 requests for one page. The host
      // provides the contracts package, React and the state libraries at start, so each group travels as one
      // file (one file also compresses better than its parts: React's four files were 1.5 KB more as brotli).
      // A remote keeps them apart: its copies are fallbacks, loaded one by one only if the host lacks one.
      splitChunks: isProduction && isHost
        ? {
            cacheGroups: {
              // RTK Query, the site's API client and the helpers the remotes' API calls use: loaded by the first page
              // that calls the API or a signed-in session, not by a visitor's landing page (whose session probe is a
              // plain fetch).
              query: {
                test: /[\\/](node_modules[\\/].*@reduxjs[\\/]toolkit[\\/]dist[\\/]query|node_modules[\\/].*@standard-schema[\\/]utils|shared[\\/]src[\\/]api[\\/](api|base-query|envelope)\.ts$|shared[\\/]src[\\/]rules[\\/]device\.ts$)/,
                name: 'query',
                chunks: 'async',
                enforce: true,
                priority: 25,
              },
              router: { test: /[\\/]node_modules[\\/].*[\\/]react-router(-dom)?[\\/]/, name: 'router', chunks: 'async', enforce: true, priority: 12 },
              // The shared UI's messages stay out: each language is a chunk of its own, loaded only when chosen.
              contracts: { test: /[\\/]shared[\\/]src[\\/](?!.*[\\/]messages[\\/][^\\/]+\.json$)/, name: 'contracts', chunks: 'async', enforce: true, priority: 20 },
              react: { test: /[\\/]node_modules[\\/](\.pnpm[\\/])?(react|react-dom|scheduler)[@\\/]/, name: 'react', chunks: 'async', enforce: true, priority: 15 },
              state: {
                test: /[\\/]node_modules[\\/].*(@reduxjs[\\/]toolkit|[\\/]redux|[\\/]react-redux|[\\/]immer|[\\/]reselect|[\\/]redux-thunk|[\\/]use-sync-external-store)[\\/]/,
                name: 'state',
                chunks: 'async',
                enforce: true,
                priority: 10,
              },
            },
          }
        : undefined,
    },
    performance: { hints: false },
    infrastructureLogging: { console: consoleWithout(AUTO_PUBLIC_PATH_NOTICE) },
    // A lazily compiled dynamic import fails to load through federation on its first visit.
    lazyCompilation: false,
    plugins: [
      new ModuleFederationPlugin({
        name: options.name,
        filename: 'remoteEntry.js',
        exposes: options.exposes ?? {},
        shared: sharedSingletons(),
        manifest: isHost ? false : { fileName: 'mf-manifest.json' },
        dts: false,
        shareStrategy: 'loaded-first',
        // In the page the host provides the federation runtime to every remote; a remote running alone
        // (`pnpm dev`) has no host around it and bundles its own. Browser-only: the runtime drops its Node
        // loading code (about 2 KB gz off the host's entry and off each remoteEntry).
        ...(isHost ? { experiments: { provideExternalRuntime: true, optimization: { target: 'web' as const } } } : {}),
        ...(!isHost && isProduction ? { experiments: { externalRuntime: true, optimization: { target: 'web' as const } } } : {}),
      }),
      // After the federation plugin: it replaces the aliases that plugin sets.
      new FederationRuntimeModulesPlugin(),
      ...(isProduction && !isHost ? [new ContractCheckPlugin({ packageDir, name: options.name, exposes: options.exposes ?? {} }), ...publishesTypes(packageDir)] : []),
      ...(isProduction && options.prerender ? [new PrerenderPagesPlugin({ ...prerenderHooks(options.prerender), packageDir, uniqueName: options.name })] : []),
      ...(isProduction
        ? [
            new PruneOldChunksPlugin(KEEP_OLD_RELEASE_FILES_DAYS),
            new PrecompressPlugin(),
            new BuildStampPlugin({ repoRoot: REPOSITORY_ROOT, configInputs: configInputs(packageDir) }),
          ]
        : []),
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
      ...(needsHtml
        ? [new rspack.HtmlRspackPlugin({ ...htmlTemplate(packageDir, isHost), inject: isHost ? 'head' : 'body', publicPath: '/' })]
        : []),
      ...(isHost && isProduction
        ? [compileAtLoadHint(/^main\./), new PreloadStartupPlugin({ bootstrap: 'bootstrap', sharedChunks: ['react', 'state', 'router', 'contracts'], signedInChunks: ['query', 'signed-in'], signedInFile: SIGNED_IN_PRELOADS_FILE })]
        : []),
    ],
    devServer: {
      port: options.devPort,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api', '/runtime-config.json', '/app', '/remotes', '/assets'], target: 'http://localhost:8080', ws: true }],
    },
  };
}
