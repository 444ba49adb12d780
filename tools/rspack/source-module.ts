import type { Configuration } from '@rspack/core';

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
      { test: /\.module\.css$/, type: 'css/module' },
      { test: /\.css$/, exclude: /\.module\.css$/, type: 'css' },
      { test: /\.(png|jpe?g|webp|svg|gif)$/, type: 'asset/resource', ...(emitAssets ? {} : { generator: { emit: false } }) },
    ],
  };
}
