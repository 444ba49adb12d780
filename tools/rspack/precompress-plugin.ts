import { rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Compiler } from '@rspack/core';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt)$/;
/** Below this a compressed copy saves nothing worth a file (the server compresses it on the fly anyway). */
const MIN_BYTES = 1024;

export const COMPRESSED_SUFFIXES = ['.br', '.gz'] as const;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text asset, once per
 * build, so the server sends them as they are instead of compressing each response at a fast, weaker
 * level. Copies of an asset that no longer gets one are removed: a stale copy would be served in its place.
 * An asset the build did not rewrite (rspack leaves unchanged files alone) keeps the copies it has.
 */
export class PrecompressPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      const outputDir = compilation.outputOptions.path;
      if (!outputDir) return;
      await Promise.all(
        compilation.getAssets().map(async ({ name, source }) => {
          const file = path.join(outputDir, name);
          const content = source.buffer();
          if (!COMPRESSIBLE.test(name) || content.length < MIN_BYTES) {
            await Promise.all(COMPRESSED_SUFFIXES.map((suffix) => rm(`${file}${suffix}`, { force: true })));
            return;
          }
          if (await compressedCopiesAreCurrent(file)) return;
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
            gzipAsync(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    });
  }
}

/** Both copies exist and are newer than the file: the file has not changed since they were written. */
async function compressedCopiesAreCurrent(file: string): Promise<boolean> {
  try {
    const [original, ...copies] = await Promise.all([file, ...COMPRESSED_SUFFIXES.map((suffix) => `${file}${suffix}`)].map((path) => stat(path)));
    // Strictly newer: on a file system with coarse times, a tie could hide a rewrite.
    return copies.every((copy) => copy.mtimeMs > original!.mtimeMs);
  } catch {
    return false;
  }
}
