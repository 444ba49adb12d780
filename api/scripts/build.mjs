// `pnpm --filter @rewards/api build`: compiles the server to JavaScript (api/dist/server.js) for production,
// so `pnpm start` runs plain Node and no TypeScript is transpiled at start. One ES module bundle of our own
// code, including the TypeScript sources of @rewards/shared the API imports; installed packages stay
// imports, resolved from api/node_modules at run time as in development. tsx stays for development and tests.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { writeBuildStamp } from '../../tools/build-stamp/build-stamp.cjs';
import { serverBundleOptions } from './server-bundle.cjs';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(apiDir, '..');
const outputDir = path.join(apiDir, 'dist');

rmSync(outputDir, { recursive: true, force: true });
const result = await build({
  ...serverBundleOptions(apiDir),
  entryPoints: { server: 'src/server.ts' },
  outdir: outputDir,
  metafile: true,
});

writeBuildStamp(outputDir, repoRoot, [
  ...Object.keys(result.metafile.inputs).map((input) => path.resolve(apiDir, input)),
  fileURLToPath(import.meta.url),
  path.join(apiDir, 'scripts', 'server-bundle.cjs'),
  path.join(apiDir, 'package.json'),
  path.join(repoRoot, 'pnpm-lock.yaml'),
]);
console.log(`api: compiled ${Object.keys(result.metafile.inputs).length} modules to ${path.relative(repoRoot, path.join(outputDir, 'server.js'))}`);
