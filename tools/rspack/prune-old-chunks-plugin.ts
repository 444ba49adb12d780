import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Compiler } from '@rspack/core';
import { COMPRESSED_SUFFIXES } from './precompress-plugin';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps the hashed files of earlier releases for a while (a page still running the previous release
 * must be able to lazy-load its chunks), then removes those no build has written for `keepDays`.
 */
export class PruneOldChunksPlugin {
  constructor(private readonly keepDays: number) {}

  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tap('PruneOldChunksPlugin', (compilation) => {
      const outputDir = compilation.outputOptions.path;
      if (!outputDir) return;
      const current = new Set(
        compilation.getAssets().flatMap((asset) => {
          const file = path.join(outputDir, asset.name);
          return [file, ...COMPRESSED_SUFFIXES.map((suffix) => `${file}${suffix}`)];
        }),
      );
      const cutoff = Date.now() - this.keepDays * DAY_MS;
      for (const file of listFiles(outputDir)) {
        if (!current.has(file) && statSync(file).mtimeMs < cutoff) rmSync(file);
      }
    });
  }
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(file) : [file];
  });
}
