import path from 'node:path';
import type { Compiler } from '@rspack/core';
import federation from './federation.cjs';
import { createFederatedAppConfig } from '@rewards/tools/rspack/federated-app';
import { formatProblems } from '@rewards/shared/content/content-check';
import { checkContentFolder } from './src/content/content-folder';
import { writeBuildContent } from './prerender-build';

const CONTENT_DIR = path.join(__dirname, 'content');

/** A broken content file fails the build (and each rebuild in dev) with the file, line and what is wrong. */
class ContentCheckPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.beforeCompile.tap('ContentCheckPlugin', () => {
      const problems = checkContentFolder(CONTENT_DIR);
      if (problems.length > 0) throw new Error(`The marketing content has ${problems.length} problem(s):\n${formatProblems(problems)}`);
    });
  }
}

export default (_env: unknown, argv: { mode?: string }) => {
  const config = createFederatedAppConfig(
    {
      packageDir: __dirname,
      ...federation,
      devPort: 3004,
      prerender: { afterPagesWritten: writeBuildContent },
    },
    argv,
  );
  return { ...config, plugins: [...(config.plugins ?? []), new ContentCheckPlugin()] };
};
