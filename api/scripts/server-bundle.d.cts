import type { BuildOptions } from 'esbuild';

/** Options for esbuild's `build` with the API's folder as its working folder; entry points and output are the caller's. */
export function serverBundleOptions(apiDir: string): BuildOptions;
