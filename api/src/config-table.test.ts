import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENV_SCHEMA, envDocs } from './config';
import { CONFIG_TABLE_PAGE, configTable, withConfigTable } from './config-table';
import { findRepoRoot } from './repo-root';

describe('the configuration table of docs/configuration.md', () => {
  it('is the one generated from the schema (run pnpm --filter @rewards/api config:table after changing config.ts)', () => {
    const page = readFileSync(join(findRepoRoot(), CONFIG_TABLE_PAGE), 'utf8');
    expect(withConfigTable(page)).toBe(page);
  });

  it('has a row, a default and a meaning for every variable of the schema', () => {
    const table = configTable();
    for (const [name, schema] of Object.entries(ENV_SCHEMA.shape)) {
      const doc = envDocs.get(schema);
      expect(doc?.description).toBeTruthy();
      expect(doc?.default).toBeTruthy();
      expect(table).toContain(`| \`${name}\` |`);
    }
  });

  it('notices a page whose table differs from the schema', () => {
    const page = readFileSync(join(findRepoRoot(), CONFIG_TABLE_PAGE), 'utf8');
    const edited = page.replace('| `PORT` | `8080` |', '| `PORT` | `3000` |');
    expect(edited).not.toBe(page);
    expect(withConfigTable(edited)).not.toBe(edited);
  });
});
