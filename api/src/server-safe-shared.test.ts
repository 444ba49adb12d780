// The API never pulls React or Redux: every file of @rewards/shared its code reaches is in the server-safe part,
// and none of them (nor any file of the API) imports React or Redux. The graph is the one the production build
// follows (esbuild, the `rewards-server` condition), from every module of the API, not only the server.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';

const apiDir = path.join(__dirname, '..');
const sharedSrc = path.join(apiDir, '..', 'shared', 'src');
const SERVER_SAFE = /^(contracts\/[^/]+|rules\/[^/]+|content\/[^/]+|i18n\/[^/]+|constants|brand|paths)\.ts$/;
const REACT_OR_REDUX = /^(react|react-dom|react-router|react-redux|redux|@reduxjs\/toolkit)(\/|$)/;

/** Installed packages are not followed, only named: the question is which ones the graph imports. */
const installedPackagesStayExternal: Plugin = {
  name: 'installed-packages-stay-external',
  setup(bundle) {
    bundle.onResolve({ filter: /^[^./]/ }, ({ path: request }) =>
      request.startsWith('@rewards/') ? undefined : { path: request, external: true },
    );
  },
};

function modulesOf(dir: string): string[] {
  return readdirSync(path.join(apiDir, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.ts$/.test(file) && !/\.(test|d)\.ts$/.test(file))
    .map((file) => path.join(dir, file));
}

async function importGraph(options: { entryPoints?: string[]; source?: string; conditions: string[] }): Promise<Metafile> {
  const result = await build({
    absWorkingDir: apiDir,
    ...(options.source === undefined
      ? { entryPoints: options.entryPoints }
      : { stdin: { contents: options.source, resolveDir: path.join(apiDir, 'src'), loader: 'ts' } }),
    outdir: path.join(apiDir, '.import-graph'),
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    conditions: options.conditions,
    metafile: true,
    logLevel: 'silent',
    plugins: [installedPackagesStayExternal],
  });
  return result.metafile;
}

function sharedFilesOf(metafile: Metafile): string[] {
  return Object.keys(metafile.inputs)
    .map((input) => path.relative(sharedSrc, path.resolve(apiDir, input)).split(path.sep).join('/'))
    .filter((relative) => !relative.startsWith('..'));
}

describe('the API and @rewards/shared', () => {
  let graph: Metafile;

  beforeAll(async () => {
    graph = await importGraph({ entryPoints: [...modulesOf('src'), ...modulesOf('bench')], conditions: ['rewards-server'] });
  }, 60_000);

  it('reaches only the server-safe part of @rewards/shared', () => {
    const shared = sharedFilesOf(graph);
    expect(shared).toEqual(expect.arrayContaining(['rules/money.ts', 'constants.ts', 'contracts/realtime.ts']));
    expect(shared.filter((file) => !SERVER_SAFE.test(file))).toEqual([]);
  });

  it('imports neither React nor Redux, directly or through @rewards/shared', () => {
    const reactOrRedux = Object.entries(graph.inputs).flatMap(([input, { imports }]) =>
      imports.filter(({ path: request }) => REACT_OR_REDUX.test(request)).map(({ path: request }) => `${input} -> ${request}`),
    );
    expect(reactOrRedux).toEqual([]);
    // What the check looks for is there to be found: the API does import installed packages.
    expect(Object.values(graph.inputs).some(({ imports }) => imports.some(({ path: request }) => request === 'fastify'))).toBe(true);
  });

  it('cannot resolve the browser part under the rewards-server condition', async () => {
    const source = "export { rootReducer } from '@rewards/shared/store/store';";
    await expect(importGraph({ source, conditions: ['rewards-server'] })).rejects.toThrow(/@rewards\/shared\/store\/store/);
    // Without the condition (a frontend's bundler) the same import resolves, and pulls Redux.
    const browserGraph = await importGraph({ source, conditions: [] });
    expect(sharedFilesOf(browserGraph)).toContain('store/store.ts');
    const imported = Object.values(browserGraph.inputs).flatMap(({ imports }) => imports.map(({ path: request }) => request));
    expect(imported.some((request) => REACT_OR_REDUX.test(request))).toBe(true);
  });
});
