// The types a remote publishes of what it exposes, for its consumers (the shell, other remotes) to type-check
// their use of its modules against. Plain CommonJS with no dependencies: a consumer's `typecheck` runs it
// before anything is built, and the remote's build (PublishTypesPlugin) runs it too.
//
// `<remote>/dist/@mf-types/` (the layout of Module Federation's own dts plugin):
//   <exposed>.d.ts            `./partner-walls` → `partner-walls.d.ts`, re-exporting the module's declarations
//   compiled-types/…          the declarations of the exposed modules and of the remote's files they name
//   .build-inputs.json        every file the declarations were made from, with its sha256 (build-stamp.cjs)
// A consumer's tsconfig maps `mf_earn/*` to `../mf-earn/dist/@mf-types/*`, so `typeof import('mf_earn/partner-walls')`
// is the published type.
const { spawnSync } = require('node:child_process');
const { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { staleReason, writeBuildStamp } = require('../build-stamp/build-stamp.cjs');

const REPOSITORY_ROOT = path.join(__dirname, '..', '..');
const TYPES_FOLDER = '@mf-types';
const COMPILED_FOLDER = 'compiled-types';
const FEDERATION_FILE = 'federation.cjs';
/** Written last: its presence says the folder is complete. */
const INDEX_FILE = 'index.json';
const LOCK_STALE_MS = 5 * 60_000;

/** `{ name, exposes }` of the remote in `packageDir`: its federation.cjs, which its rspack config reads too. */
function federationOf(packageDir) {
  return require(path.join(packageDir, FEDERATION_FILE));
}

function typesDirOf(packageDir) {
  return path.join(packageDir, 'dist', TYPES_FOLDER);
}

/** `./partner-walls` → `partner-walls`. */
function exposedFileName(exposedKey) {
  return exposedKey.replace(/^\.\//, '');
}

function tscOf(packageDir) {
  const packageJson = require.resolve('typescript/package.json', { paths: [packageDir] });
  return path.join(path.dirname(packageJson), 'bin', 'tsc');
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** One writer at a time per remote: consumers' type checks and the remote's build may ask at once. */
function withLock(packageDir, work) {
  const lock = path.join(packageDir, 'dist', '.mf-types.lock');
  mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      // A writer that died leaves its lock behind; nobody takes minutes.
      if (Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      else sleep(100);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Why the published types of the remote in `packageDir` must be made again, or null when they are current. */
function typesStaleReason(packageDir) {
  return staleReason(typesDirOf(packageDir), REPOSITORY_ROOT, INDEX_FILE);
}

function declarationFileOf(compiledDir, packageDir, source) {
  const relative = path.relative(REPOSITORY_ROOT, path.resolve(packageDir, source));
  return path.join(compiledDir, relative.replace(/\.(tsx?|mts|cts)$/, '.d.ts'));
}

function hasDefaultExport(declarations) {
  return /\bexport default\b|\bas default\b/.test(declarations);
}

/**
 * Writes the declarations of the remote's exposed modules (tsc's declaration emit, without a type check: the
 * package's own `typecheck` does that) into a fresh folder and puts it in place of the old one.
 */
function emitTypes(packageDir) {
  const { exposes } = federationOf(packageDir);
  const distDir = path.join(packageDir, 'dist');
  const workDir = path.join(distDir, `.mf-types-${process.pid}`);
  const compiledDir = path.join(workDir, COMPILED_FOLDER);
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const toWork = (file) => path.relative(workDir, file).split(path.sep).join('/');
  const tsconfig = {
    extends: toWork(path.join(packageDir, 'tsconfig.json')),
    compilerOptions: {
      noEmit: false,
      declaration: true,
      emitDeclarationOnly: true,
      noCheck: true,
      // The repository's root: the remote's files and the shared package's declarations keep their layout.
      rootDir: toWork(REPOSITORY_ROOT),
      outDir: toWork(compiledDir),
      types: [],
    },
    include: [],
    files: [...Object.values(exposes).map((source) => toWork(path.resolve(packageDir, source))), toWork(path.join(REPOSITORY_ROOT, 'shared', 'src', 'assets.d.ts'))],
  };
  const tsconfigFile = path.join(workDir, 'tsconfig.json');
  writeFileSync(tsconfigFile, `${JSON.stringify(tsconfig, null, 2)}\n`);
  const run = spawnSync(process.execPath, [tscOf(packageDir), '-p', tsconfigFile, '--listFiles'], { cwd: packageDir, encoding: 'utf8' });
  if (run.status !== 0) {
    rmSync(workDir, { recursive: true, force: true });
    throw new Error(`Declarations of ${path.basename(packageDir)}'s exposed modules failed:\n${run.stdout}${run.stderr}`);
  }
  rmSync(tsconfigFile);
  const inputs = run.stdout.split('\n').map((line) => line.trim()).filter((line) => line && path.isAbsolute(line));
  const index = {};
  for (const [exposedKey, source] of Object.entries(exposes)) {
    const declarationFile = declarationFileOf(compiledDir, packageDir, source);
    if (!existsSync(declarationFile)) throw new Error(`No declarations were written for ${exposedKey} (${source})`);
    const target = `./${toWork(declarationFile).replace(/\.d\.ts$/, '')}`;
    const lines = [`export * from '${target}';`];
    if (hasDefaultExport(readFileSync(declarationFile, 'utf8'))) lines.push(`export { default } from '${target}';`);
    const fileName = `${exposedFileName(exposedKey)}.d.ts`;
    mkdirSync(path.dirname(path.join(workDir, fileName)), { recursive: true });
    writeFileSync(path.join(workDir, fileName), `${lines.join('\n')}\n`);
    index[exposedKey] = fileName;
  }
  const configInputs = [path.join(packageDir, FEDERATION_FILE), path.join(packageDir, 'tsconfig.json'), path.join(REPOSITORY_ROOT, 'tsconfig.base.json'), __filename];
  writeBuildStamp(workDir, REPOSITORY_ROOT, [...inputs, ...configInputs]);
  writeFileSync(path.join(workDir, INDEX_FILE), `${JSON.stringify(index, null, 2)}\n`);
  const finalDir = typesDirOf(packageDir);
  const oldDir = path.join(distDir, `.mf-types-old-${process.pid}`);
  if (existsSync(finalDir)) renameSync(finalDir, oldDir);
  renameSync(workDir, finalDir);
  rmSync(oldDir, { recursive: true, force: true });
}

/**
 * Makes the published types of the remote in `packageDir` current: written again when a file they were made
 * from changed (or there are none yet), left alone otherwise. Says what it did.
 */
function ensurePublishedTypes(packageDir) {
  return withLock(packageDir, () => {
    const reason = typesStaleReason(packageDir);
    if (reason === null) return { packageName: path.basename(packageDir), written: false, reason: 'current' };
    const started = Date.now();
    emitTypes(packageDir);
    return { packageName: path.basename(packageDir), written: true, reason, seconds: (Date.now() - started) / 1000 };
  });
}

exports.TYPES_FOLDER = TYPES_FOLDER;
exports.REPOSITORY_ROOT = REPOSITORY_ROOT;
exports.federationOf = federationOf;
exports.typesDirOf = typesDirOf;
exports.typesStaleReason = typesStaleReason;
exports.emitTypes = emitTypes;
exports.ensurePublishedTypes = ensurePublishedTypes;

// `node tools/federation-types/published-types.cjs mf-earn mf-cashout`: what a consumer's `typecheck` runs first.
if (require.main === module) {
  for (const packageName of process.argv.slice(2)) {
    const result = ensurePublishedTypes(path.join(REPOSITORY_ROOT, packageName));
    if (result.written) console.log(`${packageName}: published types written (${result.reason}) in ${result.seconds.toFixed(1)} s`);
  }
}
