import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONFIG_TABLE_PAGE, withConfigTable } from './config-table';
import { findRepoRoot } from './repo-root';

// Rewrites the configuration table of docs/configuration.md from the schema in config.ts.
const pagePath = join(findRepoRoot(), CONFIG_TABLE_PAGE);
const page = await readFile(pagePath, 'utf8');
const updated = withConfigTable(page);
if (updated === page) console.log(`${CONFIG_TABLE_PAGE}: the configuration table is up to date`);
else {
  await writeFile(pagePath, updated);
  console.log(`${CONFIG_TABLE_PAGE}: configuration table rewritten from api/src/config.ts`);
}
