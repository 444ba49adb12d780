import { createHash } from 'node:crypto';
import { readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { remoteReleasesDir } from './release-state';

/**
 * Left out of a version's hash: the compressed copies the build writes of each text file (derived from files
 * that are hashed), and the federation plugin's build report, whose lists come in a different order from one
 * build of the same sources to the next (browsers never load it).
 */
const NOT_HASHED = /(\.(br|gz)|^mf-manifest-stats\.json)$/;
const VERSION_HASH_LENGTH = 10;

/** Every file of a build folder, as sorted paths relative to it; dot files (build records) are not part of it. */
async function buildFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((file) => !file.split('/').some((part) => part.startsWith('.')))
    .sort();
}

/**
 * A build's version: its package version and a hash of its content, so the same sources always give the same
 * version and a changed build never reuses one. Chunks are named by content hash already, so this hash
 * changes whenever remoteEntry.js, the manifest or any chunk does.
 */
export async function versionOfBuild(buildFolder: string, packageVersion: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await buildFiles(buildFolder)) {
    if (NOT_HASHED.test(file)) continue;
    hash.update(file).update('\0').update(await readFile(join(buildFolder, file))).update('\0');
  }
  return `${packageVersion}-${hash.digest('hex').slice(0, VERSION_HASH_LENGTH)}`;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Moves a finished build (made inside the remote's releases folder, so the move is a rename) to
 * `<package>/<version>/`. A version already published has the same content: the new copy is dropped.
 */
export async function publishBuild(
  releasesDir: string,
  remotePackage: string,
  buildFolder: string,
  packageVersion: string,
): Promise<{ version: string; alreadyPublished: boolean }> {
  const files = await buildFiles(buildFolder);
  if (!files.includes('mf-manifest.json') || !files.includes('remoteEntry.js')) {
    throw new Error(`${buildFolder} is not a remote's build: it has no mf-manifest.json and remoteEntry.js`);
  }
  for (const file of (await readdir(buildFolder)).filter((name) => name.startsWith('.'))) {
    await rm(join(buildFolder, file), { recursive: true, force: true });
  }
  const version = await versionOfBuild(buildFolder, packageVersion);
  const target = join(remoteReleasesDir(releasesDir, remotePackage), version);
  if (await exists(target)) {
    await rm(buildFolder, { recursive: true, force: true });
    return { version, alreadyPublished: true };
  }
  await rename(buildFolder, target);
  return { version, alreadyPublished: false };
}
