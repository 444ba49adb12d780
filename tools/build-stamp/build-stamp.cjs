// The record a build leaves of what it was built from, so `pnpm start` can tell a build that is older than
// its sources (after a pull, a branch switch, an edit) from a current one. Plain CommonJS with no
// dependencies: scripts/start.mjs reads it before anything is built, the rspack plugin and the API build
// write it.
//
// `<output folder>/.build-inputs.json` = { "version": 1, "files": { "<path from the repository root>": "<sha256>" } }
// A dot file: the static server never serves it.
const { createHash } = require('node:crypto');
const { existsSync, readFileSync, statSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const STAMP_FILE = '.build-inputs.json';
const STAMP_VERSION = 1;

function hashFile(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

function toRepositoryPath(repoRoot, file) {
  return path.relative(repoRoot, file).split(path.sep).join('/');
}

/**
 * Records the inputs of a build that just finished. Installed packages are left out (the lockfile stands
 * for them: list it among `files`), and so is anything outside the repository.
 */
function writeBuildStamp(outputDir, repoRoot, files) {
  const recorded = {};
  for (const file of [...new Set(files)].sort()) {
    const relative = toRepositoryPath(repoRoot, file);
    if (relative.startsWith('..') || path.isAbsolute(relative) || relative.split('/').includes('node_modules')) continue;
    // A folder the bundler looked into (`import '../feature'` resolving to its index.ts) is no input itself.
    if (!existsSync(file) || !statSync(file).isFile()) continue;
    recorded[relative] = hashFile(file);
  }
  writeFileSync(path.join(outputDir, STAMP_FILE), `${JSON.stringify({ version: STAMP_VERSION, files: recorded }, null, 2)}\n`);
}

/**
 * Why the build in `outputDir` must be redone, or null when it is current: `builtFile` (the file a complete
 * build always writes) is missing, the build recorded no inputs, or an input changed or disappeared since.
 */
function staleReason(outputDir, repoRoot, builtFile) {
  if (!existsSync(path.join(outputDir, builtFile))) return `no ${builtFile} yet`;
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(path.join(outputDir, STAMP_FILE), 'utf8'));
  } catch {
    return 'its build recorded no inputs';
  }
  if (!stamp || stamp.version !== STAMP_VERSION || typeof stamp.files !== 'object' || stamp.files === null) {
    return 'its build recorded no inputs';
  }
  for (const [relative, hash] of Object.entries(stamp.files)) {
    const file = path.join(repoRoot, ...relative.split('/'));
    if (!existsSync(file)) return `${relative} was removed since it was built`;
    if (hashFile(file) !== hash) return `${relative} changed since it was built`;
  }
  return null;
}

exports.STAMP_FILE = STAMP_FILE;
exports.writeBuildStamp = writeBuildStamp;
exports.staleReason = staleReason;
