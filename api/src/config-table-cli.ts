import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withConfigTable } from './config-table';
import { findRepoRoot } from './repo-root';

// Rewrites the README's configuration table from the schema in config.ts.
const readmePath = join(findRepoRoot(), 'README.md');
const readme = await readFile(readmePath, 'utf8');
const updated = withConfigTable(readme);
if (updated === readme) console.log('README.md: the configuration table is up to date');
else {
  await writeFile(readmePath, updated);
  console.log('README.md: configuration table rewritten from api/src/config.ts');
}
