import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { CatalogError, importCatalog, loadCatalogFile } from '../modules/earn/catalog';
import { defineCommand, OpsError, UsageError } from './command';

/** A path as the operator typed it: relative to where they ran `pnpm ops` (pnpm runs us in api/). */
export function operatorPath(path: string, cwd: string = process.env.INIT_CWD ?? process.cwd()): string {
  return resolve(cwd, path);
}

/** Far above any real catalog; a device or a giant file must not make the server read forever. */
const MAX_CATALOG_BYTES = 20 * 1024 * 1024;

async function checkCatalogFile(file: string): Promise<void> {
  const found = await stat(file).catch(() => undefined);
  if (found && !found.isFile()) throw new OpsError(`${file} is not a regular file`);
  if (found && found.size > MAX_CATALOG_BYTES) throw new OpsError(`${file} is larger than ${MAX_CATALOG_BYTES / 1024 / 1024} MB: not a catalog`);
}

export const offersImport = defineCommand({
  name: 'offers:import',
  usage: 'offers:import <file.json> [--reason <text>]',
  summary: 'loads or updates the offers catalog from a JSON file (upsert by offer_id; see api/data/offers.sample.json)',
  reason: 'optional',
  parse: (args, invocation) => {
    if (args.length !== 1 || !args[0]) throw new UsageError('offers:import takes one JSON file');
    return { file: operatorPath(args[0], invocation.cwd) };
  },
  async run({ db, out, catalogChanged }, { file }) {
    await checkCatalogFile(file);
    let catalog;
    try {
      catalog = await loadCatalogFile(file);
    } catch (error) {
      if (error instanceof CatalogError) throw new OpsError(error.message);
      throw error;
    }
    const summary = await importCatalog(db, catalog);
    catalogChanged();
    out.line(`Imported ${catalog.length} offers from ${file}: ${summary.created} new, ${summary.updated} updated, ${summary.events} events.`);
    return { file, offers: catalog.length, created: summary.created, updated: summary.updated, events: summary.events };
  },
});
