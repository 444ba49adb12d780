import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { staleReason, writeBuildStamp } from './build-stamp.cjs';

describe('build stamps: is a build older than its sources?', () => {
  let repo: string;
  let dist: string;
  const file = (relative: string) => path.join(repo, ...relative.split('/'));
  const write = (relative: string, content: string) => {
    mkdirSync(path.dirname(file(relative)), { recursive: true });
    writeFileSync(file(relative), content);
  };

  beforeEach(() => {
    repo = mkdtempSync(path.join(tmpdir(), 'build-stamp-'));
    dist = file('app/dist');
    write('app/src/page.tsx', 'export const page = 1;');
    write('app/src/style.css', '.a {}');
    write('pnpm-lock.yaml', 'lockfileVersion: 9');
    write('app/node_modules/react/index.js', 'module.exports = {};');
    write('app/dist/index.html', '<!doctype html>');
    writeBuildStamp(dist, repo, [file('app/src/page.tsx'), file('app/src/style.css'), file('pnpm-lock.yaml'), file('app/node_modules/react/index.js')]);
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('finds a build current while its inputs are unchanged', () => {
    expect(staleReason(dist, repo, 'index.html')).toBeNull();
  });

  it('finds it stale once a source changed, naming the file', () => {
    write('app/src/page.tsx', 'export const page = 2;');
    expect(staleReason(dist, repo, 'index.html')).toBe('app/src/page.tsx changed since it was built');
  });

  it('finds it current again when the source is put back (contents count, not times)', () => {
    write('app/src/page.tsx', 'export const page = 2;');
    write('app/src/page.tsx', 'export const page = 1;');
    expect(staleReason(dist, repo, 'index.html')).toBeNull();
  });

  it('finds it stale when an input was removed', () => {
    rmSync(file('app/src/style.css'));
    expect(staleReason(dist, repo, 'index.html')).toBe('app/src/style.css was removed since it was built');
  });

  it('finds it stale when the dependencies changed (the lockfile stands for them)', () => {
    write('pnpm-lock.yaml', 'lockfileVersion: 9\nreact: 20');
    expect(staleReason(dist, repo, 'index.html')).toBe('pnpm-lock.yaml changed since it was built');
  });

  it('records the files of a build, not the folders it resolved an import through', () => {
    write('app/src/feature/index.ts', 'export {};');
    writeBuildStamp(dist, repo, [file('app/src/page.tsx'), file('app/src/feature'), file('app/src/feature/index.ts')]);
    expect(staleReason(dist, repo, 'index.html')).toBeNull();
    write('app/src/feature/index.ts', 'export const changed = 1;');
    expect(staleReason(dist, repo, 'index.html')).toBe('app/src/feature/index.ts changed since it was built');
  });

  it('ignores installed packages, which the lockfile covers', () => {
    write('app/node_modules/react/index.js', 'module.exports = { changed: true };');
    expect(staleReason(dist, repo, 'index.html')).toBeNull();
  });

  it('finds no build when its key file is missing', () => {
    rmSync(file('app/dist/index.html'));
    expect(staleReason(dist, repo, 'index.html')).toBe('no index.html yet');
  });

  it('finds a build without a stamp stale (built before inputs were recorded)', () => {
    rmSync(file('app/dist/.build-inputs.json'));
    expect(staleReason(dist, repo, 'index.html')).toBe('its build recorded no inputs');
  });

  it('finds a build with an unreadable stamp stale', () => {
    writeFileSync(file('app/dist/.build-inputs.json'), '{ not json');
    expect(staleReason(dist, repo, 'index.html')).toBe('its build recorded no inputs');
  });
});
