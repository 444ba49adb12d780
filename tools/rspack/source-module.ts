import path from 'node:path';
import type { Configuration } from '@rspack/core';

const MESSAGES_LOADER = path.join(__dirname, 'messages-loader.cjs');

type SourceModuleOptions = {
  /** React's development JSX runtime (dev builds). */
  development?: boolean;
  /** Write imported images to the output; a server-side render only needs their URLs. */
  emitAssets?: boolean;
};

/**
 * How every build of ours reads its sources: TypeScript/JSX through SWC, CSS modules, plain CSS, images. One
 * place, so the prerender build names CSS classes exactly as the browser build does.
 */
export function sourceModule({ development = false, emitAssets = true }: SourceModuleOptions = {}): NonNullable<Configuration['module']> {
  return {
    parser: { 'css/module': { namedExports: false } },
    rules: [
      {
        test: /\.[jt]sx?$/,
        exclude: /node_modules/,
        loader: 'builtin:swc-loader',
        options: {
          jsc: {
            target: 'es2020',
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', development } },
          },
        },
        type: 'javascript/auto',
      },
      // `<package>/src/messages/<locale>.json` and `shell/src/errors/messages/<locale>.json`: compiled ICU messages.
      { test: /[\\/]messages[\\/][^\\/]+\.json$/, type: 'javascript/auto', loader: MESSAGES_LOADER },
      { test: /\.module\.css$/, type: 'css/module' },
      { test: /\.css$/, exclude: /\.module\.css$/, type: 'css' },
      { test: /\.(png|jpe?g|webp|svg|gif)$/, type: 'asset/resource', ...(emitAssets ? {} : { generator: { emit: false } }) },
    ],
  };
}
