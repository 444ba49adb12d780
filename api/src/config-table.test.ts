import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENV_SCHEMA, envDocs } from './config';
import { configTable, withConfigTable } from './config-table';
import { findRepoRoot } from './repo-root';

describe("the README's configuration table", () => {
  it('is the one generated from the schema (run pnpm --filter @rewards/api config:table after changing config.ts)', () => {
    const readme = readFileSync(join(findRepoRoot(), 'README.md'), 'utf8');
    expect(withConfigTable(readme)).toBe(readme);
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

  it('notices a README whose table differs from the schema', () => {
    const readme = readFileSync(join(findRepoRoot(), 'README.md'), 'utf8');
    const edited = readme.replace('| `PORT` | `8080` |', '| `PORT` | `3000` |');
    expect(edited).not.toBe(readme);
    expect(withConfigTable(edited)).not.toBe(edited);
  });
});
