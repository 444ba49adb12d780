import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const repositoryRoot = path.resolve(__dirname, '..', '..');
const FRONTEND_SOURCES = ['shared/src', 'shell/src', 'mf-earn/src', 'mf-cashout/src', 'mf-account/src', 'mf-marketing/src', 'mf-admin/src'];
const ROUTER_MODULE = path.join('shared', 'src', 'router.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(name) ? [file] : [];
  });
}

describe('routing goes through @rewards/shared/router', () => {
  it('no frontend source imports react-router or react-router-dom directly', () => {
    const offenders = FRONTEND_SOURCES.flatMap((folder) => sourceFiles(path.join(repositoryRoot, folder)))
      .filter((file) => path.relative(repositoryRoot, file) !== ROUTER_MODULE)
      .filter((file) => /from ['"]react-router(-dom)?['"]/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(repositoryRoot, file));
    expect(offenders).toEqual([]);
  });
});
