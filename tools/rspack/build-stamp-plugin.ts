import type { Compiler } from '@rspack/core';
import { writeBuildStamp } from '../build-stamp/build-stamp.cjs';

/**
 * Leaves `.build-inputs.json` beside the output: every source file the build read, plus the files that
 * shape it without being read by it (its config, the lockfile), so `pnpm start` rebuilds a stale `dist/`.
 */
export class BuildStampPlugin {
  constructor(private readonly options: { repoRoot: string; configInputs: string[] }) {}

  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tap('BuildStampPlugin', (compilation) => {
      const outputDir = compilation.outputOptions.path;
      if (!outputDir) return;
      writeBuildStamp(outputDir, this.options.repoRoot, [...compilation.fileDependencies, ...this.options.configInputs]);
    });
  }
}
