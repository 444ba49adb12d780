import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The monorepo root: the nearest folder above `from` holding `pnpm-workspace.yaml`.
 * Found by walking up rather than from `import.meta.url`, which jest's CommonJS transform cannot see.
 */
export function findRepoRoot(from: string = process.cwd()): string {
  let dir = from;
  for (;;) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return from;
    dir = parent;
  }
}
