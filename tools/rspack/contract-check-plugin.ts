import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { rspack, type Compiler } from '@rspack/core';
import { findMessageProblems } from '../i18n/message-check';

/** The shared module holding the contract; resolved from the remote, which depends on `@rewards/shared`. */
const CONTRACT_MODULE = '@rewards/shared/contracts/remote-contract';
const RUNNER = path.join(__dirname, 'contract-check-runner.cjs');
const CHECK_TIMEOUT_MS = 60_000;

export type ContractCheckOptions = {
  packageDir: string;
  /** Federation container name, e.g. `mf_earn`. */
  name: string;
  /** The remote's `exposes`: `./routes` → `./src/routes.tsx`. */
  exposes: Record<string, string>;
};

/**
 * Before a remote's production build, loads its exposed modules as they really are (bundled for Node,
 * run in a browser-like jsdom global) and checks them against the contract of `@rewards/shared`: the route
 * table's paths, audiences, meta and components, a component behind every other exposed module, and every
 * module the shell or another remote loads by name. A broken remote fails its own build, before any file is
 * written, so it can never be released.
 */
export class ContractCheckPlugin {
  constructor(private readonly options: ContractCheckOptions) {}

  apply(compiler: Compiler) {
    compiler.hooks.beforeRun.tapPromise('ContractCheckPlugin', async () => {
      const problems = [...findMessageProblems(this.options.packageDir), ...(await findContractProblems(this.options))];
      if (problems.length === 0) return;
      const message = [
        `${this.options.name} breaks the contract the shell and the other remotes rely on (${CONTRACT_MODULE}):`,
        ...problems.map((problem) => `  - ${problem}`),
        'Nothing was built: fix the remote, then build (or release) it again.',
      ].join('\n');
      // The message says all there is to say: no stack trace of this plugin under it.
      throw Object.assign(new Error(message), { stack: message });
    });
  }
}

export async function findContractProblems({ packageDir, name, exposes }: ContractCheckOptions): Promise<string[]> {
  const workDir = path.join(packageDir, 'node_modules', '.cache', 'contract-check');
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });

  const exposed = Object.entries(exposes);
  const entry = path.join(workDir, 'check-entry.mjs');
  writeFileSync(
    entry,
    [
      `import { remoteContractProblems } from ${JSON.stringify(CONTRACT_MODULE)};`,
      ...exposed.map(([, file], index) => `import * as exposed${index} from ${JSON.stringify(path.resolve(packageDir, file))};`),
      `export const problems = remoteContractProblems(${JSON.stringify(name)}, {`,
      ...exposed.map(([key], index) => `  ${JSON.stringify(key)}: exposed${index},`),
      '});',
      '',
    ].join('\n'),
  );

  const compileErrors = await bundleForNode(packageDir, entry, workDir);
  if (compileErrors) return [`its exposed modules do not compile:\n${compileErrors}`];

  const result = spawnSync(process.execPath, [RUNNER, path.join(workDir, 'check.js')], {
    cwd: packageDir,
    encoding: 'utf8',
    timeout: CHECK_TIMEOUT_MS,
  });
  if (result.status !== 0) {
    const reason = result.error?.message ?? (result.stderr.trim() || `exit ${result.status}`);
    return [`its exposed modules cannot be loaded: ${reason}`];
  }
  return JSON.parse(result.stdout) as string[];
}

/** Bundles the check entry with the remote's sources for Node; installed packages stay `require`d. */
function bundleForNode(packageDir: string, entry: string, outputDir: string): Promise<string | null> {
  const compiler = rspack({
    mode: 'development',
    devtool: false,
    context: packageDir,
    target: 'node',
    entry: { check: entry },
    output: { path: outputDir, library: { type: 'commonjs2' } },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    externals: [
      ({ request }, callback) =>
        request && /^[^./]/.test(request) && !request.startsWith('@rewards/') ? callback(undefined, `commonjs ${request}`) : callback(),
    ],
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            // `react/jsx-runtime`, not the dev one: the check runs in the build's process, where NODE_ENV is
            // `production`, and there `react/jsx-dev-runtime` has no `jsxDEV` for a module that renders as it loads.
            jsc: {
              target: 'es2022',
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: false } },
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.(png|jpe?g|webp|svg|gif)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    // Styles play no part in the contract: each stylesheet loads as an empty module.
    plugins: [new rspack.NormalModuleReplacementPlugin(/\.css$/, path.join(__dirname, '..', 'jest', 'empty-module.js'))],
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
    infrastructureLogging: { level: 'error' },
  });
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => {
        if (error) reject(error);
        else resolve(stats?.hasErrors() ? stats.toString({ all: false, errors: true }) : null);
      });
    });
  });
}
