import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { serverBundleOptions } from '../../scripts/server-bundle.cjs';
import { findRepoRoot } from '../repo-root';

export type CompiledEntries = {
  /** `src/server.ts` compiled, as `pnpm start` runs it (dist/server.js). */
  server: string;
  /** `src/ops/cli.ts` compiled: `pnpm ops` without tsx's start-up. */
  opsCli: string;
};

let compiled: Promise<CompiledEntries> | undefined;

/**
 * The server and the ops command line compiled from the current sources with the settings of the production
 * build (scripts/build.mjs), for tests that start them as processes: a process of the bundle starts in a
 * third of tsx's time (tsx compiles and loads every module of ours on each start). Compiled once per test
 * file, in memory, then written to a folder named by the output's hash inside api/node_modules (where the
 * bundle's imports of installed packages resolve): the same sources reuse it, nothing is taken from an
 * earlier run that does not match what was just compiled. Folders unused for a day are removed.
 */
export function compiledEntries(): Promise<CompiledEntries> {
  compiled ??= compile();
  return compiled;
}

async function compile(): Promise<CompiledEntries> {
  const apiDir = join(findRepoRoot(), 'api');
  const result = await build({
    ...serverBundleOptions(apiDir),
    entryPoints: { server: 'src/server.ts', 'ops-cli': 'src/ops/cli.ts' },
    outdir: 'out',
    write: false,
  });
  const hash = createHash('sha256');
  for (const file of result.outputFiles) hash.update(file.path).update(file.contents);
  const parent = join(apiDir, 'node_modules', '.cache', 'rewards-test-entries');
  const folder = join(parent, hash.digest('hex').slice(0, 16));
  if (existsSync(join(folder, 'complete'))) {
    const now = new Date();
    await utimes(folder, now, now).catch(() => {});
  } else {
    await removeUnused(parent);
    // Written aside then renamed: test files compiling at the same time never run half a folder.
    const partial = `${folder}.${process.pid}.${randomBytes(3).toString('hex')}`;
    for (const file of result.outputFiles) {
      const target = join(partial, file.path.slice(join(apiDir, 'out').length));
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, file.contents);
    }
    await writeFile(join(partial, 'complete'), '');
    await rename(partial, folder).catch(async (error: NodeJS.ErrnoException) => {
      // Another process wrote the same folder first: the same contents.
      await rm(partial, { recursive: true, force: true });
      if (!existsSync(join(folder, 'complete'))) throw error;
    });
  }
  return { server: join(folder, 'server.js'), opsCli: join(folder, 'ops-cli.js') };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Removes the compiled folders of sources not tested for a day. */
async function removeUnused(parent: string): Promise<void> {
  for (const name of await readdir(parent).catch(() => [])) {
    const folder = join(parent, name);
    const stats = await stat(folder).catch(() => undefined);
    if (stats && Date.now() - stats.mtimeMs > DAY_MS) await rm(folder, { recursive: true, force: true });
  }
}
