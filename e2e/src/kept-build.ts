import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repositoryRoot } from './site';

/**
 * Keeps a copy of a remote's build (`<remote>/dist`, all its build writes) for a test that rebuilds it from an
 * edited source: `restore()` puts the build of the unedited sources back, byte for byte, without building again.
 */
export function keepBuild(remote: string): { restore: () => void } {
  const dist = path.join(repositoryRoot, remote, 'dist');
  const copy = path.join(mkdtempSync(path.join(tmpdir(), `kept-${remote}-`)), 'dist');
  cpSync(dist, copy, { recursive: true });
  return {
    restore() {
      rmSync(dist, { recursive: true, force: true });
      cpSync(copy, dist, { recursive: true });
      rmSync(path.dirname(copy), { recursive: true, force: true });
    },
  };
}
