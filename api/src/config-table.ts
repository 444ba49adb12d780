import { ENV_SCHEMA, envDocs } from './config';

/** The page holding the configuration table, from the repository root. */
export const CONFIG_TABLE_PAGE = 'docs/configuration.md';

/** The configuration table sits between these lines; `pnpm --filter @rewards/api config:table` rewrites it. */
export const TABLE_START = '<!-- configuration table: generated from api/src/config.ts by `pnpm --filter @rewards/api config:table` -->';
export const TABLE_END = '<!-- end of configuration table -->';

const cell = (text: string) => text.replaceAll('|', '\\|');

/** One markdown row per variable of the schema, in its order, with its default and meaning. */
export function configTable(): string {
  const rows = Object.entries(ENV_SCHEMA.shape).map(([name, schema]) => {
    const doc = envDocs.get(schema);
    if (!doc) throw new Error(`${name} has no documentation in ENV_SCHEMA`);
    const meaning = doc.production ? `${doc.description}. **Production:** ${doc.production}` : doc.description;
    return `| \`${name}\` | ${cell(doc.default)} | ${cell(meaning)} |`;
  });
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}

/** The page with its configuration table replaced by the generated one. */
export function withConfigTable(page: string): string {
  const start = page.indexOf(TABLE_START);
  const end = page.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${CONFIG_TABLE_PAGE} has no configuration table markers`);
  return `${page.slice(0, start + TABLE_START.length)}\n${configTable()}\n${page.slice(end)}`;
}
