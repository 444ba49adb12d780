import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { staleReason } from '../build-stamp/build-stamp.cjs';

const repositoryRoot = path.resolve(__dirname, '..', '..');
const RSPACK_CLI = path.join(__dirname, '..', 'node_modules', '.bin', 'rspack');

const VALID_ROUTES = `
const Page = () => null;
export default [
  { path: '/fixture', Component: Page, audience: 'any', meta: { title: 'Fixture', description: 'A page of the fixture remote.' } },
];
`;

/**
 * A remote of its own in a temporary folder, made as a team makes one: the federation config factory, the
 * real `@rewards/shared`, the exposed modules given.
 */
function makeRemote(exposes: Record<string, string>, files: Record<string, string>): string {
  // Inside the repository (its ignored .tmp folder), so the build records the remote's sources as inputs.
  const parent = path.join(repositoryRoot, '.tmp', 'fixture-remotes');
  mkdirSync(parent, { recursive: true });
  const packageDir = mkdtempSync(path.join(parent, 'remote-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(packageDir, name)), { recursive: true });
    writeFileSync(path.join(packageDir, name), content);
  }
  mkdirSync(path.join(packageDir, 'node_modules', '@rewards'), { recursive: true });
  symlinkSync(path.join(repositoryRoot, 'shared'), path.join(packageDir, 'node_modules', '@rewards', 'shared'), 'dir');
  writeFileSync(path.join(packageDir, 'package.json'), JSON.stringify({ name: '@fixture/remote', version: '1.0.0', private: true }));
  const factory = path.join(__dirname, 'federated-app.ts');
  writeFileSync(
    path.join(packageDir, 'rspack.config.ts'),
    `import { createFederatedAppConfig } from ${JSON.stringify(factory)};
export default (_env: unknown, argv: { mode?: string }) =>
  createFederatedAppConfig({ packageDir: __dirname, name: 'mf_fixture', exposes: ${JSON.stringify(exposes)}, devPort: 3999 }, argv);
`,
  );
  return packageDir;
}

/** What the remote's `pnpm build` runs. */
function buildProduction(packageDir: string): { status: number | null; output: string } {
  const result = spawnSync(RSPACK_CLI, ['build', '--mode', 'production'], { cwd: packageDir, encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('the contract check of a remote build', () => {
  const made: string[] = [];
  const remote = (exposes: Record<string, string>, files: Record<string, string>) => {
    const dir = makeRemote(exposes, files);
    made.push(dir);
    return dir;
  };
  afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('fails the build of a remote whose routes break the contract, naming each problem, and writes nothing', () => {
    const packageDir = remote({ './routes': './src/routes.ts', './widget': './src/widget.ts' }, {
      'src/routes.ts': `
const Page = () => null;
export default [
  { path: 'fixture', Component: Page, audience: 'members', meta: { title: 'Fixture', description: 'A page.' } },
  { path: '/other', Component: Page, audience: 'any' },
];
`,
      'src/widget.ts': 'export const Widget = () => null;',
    });
    const build = buildProduction(packageDir);
    expect(build.status).not.toBe(0);
    expect(build.output).toContain(
      [
        'mf_fixture breaks the contract the shell and the other remotes rely on (@rewards/shared/contracts/remote-contract):',
        '  - ./routes[0] (fixture): path must be a string starting with "/" and without spaces',
        '  - ./routes[0] (fixture): audience must be one of "signed-in", "signed-out", "any"',
        '  - ./routes[1] (/other): meta must be an object with title and description',
        '  - ./widget: the default export must be a React component (the shell and other remotes mount it)',
        'Nothing was built: fix the remote, then build (or release) it again.',
      ].join('\n'),
    );
    expect(existsSync(path.join(packageDir, 'dist'))).toBe(false);
  });

  it('fails the build of a remote that no longer exposes its route table', () => {
    const packageDir = remote({ './widget': './src/widget.ts' }, { 'src/widget.ts': 'export default function Widget() { return null; }' });
    const build = buildProduction(packageDir);
    expect(build.status).not.toBe(0);
    expect(build.output).toContain("  - must expose ./routes: the shell loads every remote's route table");
  });

  it('fails the build of a remote whose module throws while loading', () => {
    const packageDir = remote({ './routes': './src/routes.ts' }, { 'src/routes.ts': "throw new Error('no config');\nexport default [];" });
    const build = buildProduction(packageDir);
    expect(build.status).not.toBe(0);
    expect(build.output).toContain('  - its exposed modules cannot be loaded:');
    expect(build.output).toContain('no config');
  });

  it('builds a remote that keeps the contract, using browser globals while loading, and records its inputs', () => {
    const packageDir = remote({ './routes': './src/routes.ts' }, {
      'src/routes.ts': `export const width = window.innerWidth + document.title.length;\n${VALID_ROUTES}`,
    });
    const build = buildProduction(packageDir);
    expect(build.output).not.toMatch(/warn|error/i);
    expect(build.status).toBe(0);
    const dist = path.join(packageDir, 'dist');
    expect(existsSync(path.join(dist, 'mf-manifest.json'))).toBe(true);
    expect(staleReason(dist, repositoryRoot, 'mf-manifest.json')).toBeNull();

    writeFileSync(path.join(packageDir, 'src', 'routes.ts'), VALID_ROUTES);
    const routesFile = path.relative(repositoryRoot, path.join(packageDir, 'src', 'routes.ts')).split(path.sep).join('/');
    expect(staleReason(dist, repositoryRoot, 'mf-manifest.json')).toBe(`${routesFile} changed since it was built`);
  });
});
