import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensurePublishedTypes, REPOSITORY_ROOT, typesStaleReason } from './published-types.cjs';

/**
 * The proof that a remote's published types bind its consumers: a copy of a remote (inside the repository, so
 * it resolves the same packages) whose exposed component wants other props publishes types that fail the
 * consumer's type check at the place it mounts the component, and the unchanged copy passes.
 */
const WORK = path.join(REPOSITORY_ROOT, '.tmp', `typed-remotes-${process.pid}`);

function copyRemote(packageName: string): string {
  const source = path.join(REPOSITORY_ROOT, packageName);
  const copy = path.join(WORK, packageName);
  mkdirSync(copy, { recursive: true });
  for (const entry of ['src', 'federation.cjs', 'tsconfig.json', 'package.json']) cpSync(path.join(source, entry), path.join(copy, entry), { recursive: true });
  symlinkSync(path.join(source, 'node_modules'), path.join(copy, 'node_modules'));
  return copy;
}

function patch(file: string, from: string, to: string) {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} no longer has ${from}`);
  writeFileSync(file, text.replace(from, to));
}

/** The consumer's own tsconfig, with `remoteName/*` resolved to the copy's published types. */
function typeCheckConsumer(consumer: string, remoteName: string, remoteCopy: string) {
  const consumerDir = path.join(REPOSITORY_ROOT, consumer);
  const own = JSON.parse(readFileSync(path.join(consumerDir, 'tsconfig.json'), 'utf8')) as { compilerOptions: { paths: Record<string, string[]> } };
  const paths = Object.fromEntries(
    Object.entries(own.compilerOptions.paths).map(([pattern, [target]]) => [pattern, [path.resolve(consumerDir, target!)]]),
  );
  paths[`${remoteName}/*`] = [path.join(remoteCopy, 'dist', '@mf-types', '*')];
  // Beside the consumer's own: its `types` resolve from its folder.
  const tsconfig = path.join(consumerDir, `tsconfig.typed-remotes-${process.pid}.json`);
  writeFileSync(tsconfig, JSON.stringify({ extends: './tsconfig.json', compilerOptions: { paths } }));
  try {
    const tsc = path.join(path.dirname(require.resolve('typescript/package.json', { paths: [consumerDir] })), 'bin', 'tsc');
    const run = spawnSync(process.execPath, [tsc, '-p', tsconfig, '--pretty', 'false'], { cwd: consumerDir, encoding: 'utf8' });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(tsconfig, { force: true });
  }
}

beforeAll(() => {
  mkdirSync(WORK, { recursive: true });
  // The copies' tsconfig extends ../tsconfig.base.json and includes ../shared/src/assets.d.ts.
  cpSync(path.join(REPOSITORY_ROOT, 'tsconfig.base.json'), path.join(WORK, 'tsconfig.base.json'));
  symlinkSync(path.join(REPOSITORY_ROOT, 'shared'), path.join(WORK, 'shared'));
});
afterAll(() => rmSync(WORK, { recursive: true, force: true }));

describe("the shell type-checks its modal slots against mf-account's published types", () => {
  const SETTINGS_MODAL = 'src/features/settings/settings-modal.tsx';

  it('passes unchanged, fails once the settings modal wants a prop the shell does not give, and publishes only when a source changed', () => {
    const copy = copyRemote('mf-account');
    expect(ensurePublishedTypes(copy)).toMatchObject({ written: true, reason: 'no index.json yet' });
    expect(readFileSync(path.join(copy, 'dist', '@mf-types', 'settings-modal.d.ts'), 'utf8')).toContain('export { default }');
    const unchanged = typeCheckConsumer('shell', 'mf_account', copy);
    expect(unchanged.output).toBe('');
    expect(unchanged.status).toBe(0);
    expect(ensurePublishedTypes(copy)).toMatchObject({ written: false, reason: 'current' });

    patch(path.join(copy, SETTINGS_MODAL), 'SettingsModal({ onClose }: SlotComponentProps)', 'SettingsModal({ onClose }: SlotComponentProps & { returnTo: string })');
    expect(typesStaleReason(copy)).toMatch(/settings-modal\.tsx changed since it was built$/);
    expect(ensurePublishedTypes(copy)).toMatchObject({ written: true });
    const changed = typeCheckConsumer('shell', 'mf_account', copy);
    expect(changed.status).not.toBe(0);
    expect(changed.output).toMatch(/src\/app\/shell-modals\.tsx\(\d+,\d+\): error TS2322: [\s\S]*Property 'returnTo' is missing/);
    // One error: the settings slot; the other slots still fit their modules.
    expect(changed.output.trim().split('\n').filter((line) => line.includes('error TS'))).toHaveLength(1);
  }, 240_000);
});

describe("a remote type-checks the embeds it mounts against the other remote's published types", () => {
  it("fails mf-marketing's check once mf-earn's partner walls want a prop the landing does not give", () => {
    const copy = copyRemote('mf-earn');
    patch(path.join(copy, 'src/features/partner-walls/partner-walls.tsx'), 'export default function PartnerWalls() {', 'export default function PartnerWalls({ heading }: { heading: number }) {\n  void heading;');
    ensurePublishedTypes(copy);
    const changed = typeCheckConsumer('mf-marketing', 'mf_earn', copy);
    expect(changed.status).not.toBe(0);
    expect(changed.output).toMatch(/src\/pages\/landing\/partner-sections\.tsx\(\d+,\d+\): error TS\d+: [\s\S]*Property 'heading' is missing/);
  }, 240_000);
});
