import { resolve } from 'node:path';
import { CatalogError, importCatalog, loadCatalogFile } from '../modules/earn/catalog';
import { defineCommand, OpsError, UsageError } from './command';

/** A path as the operator typed it: relative to where they ran `pnpm ops` (pnpm runs us in api/). */
export function operatorPath(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

export const offersImport = defineCommand({
  name: 'offers:import',
  usage: 'offers:import <file.json>',
  summary: 'loads or updates the offers catalog from a JSON file (upsert by offer_id; see api/data/offers.sample.json)',
  parse: (args) => {
    if (args.length !== 1 || !args[0]) throw new UsageError('offers:import takes one JSON file');
    return { file: operatorPath(args[0]) };
  },
  async run({ db, out, catalogChanged }, { file }) {
    let catalog;
    try {
      catalog = await loadCatalogFile(file);
    } catch (error) {
      if (error instanceof CatalogError) throw new OpsError(error.message);
      throw error;
    }
    const summary = await importCatalog(db, catalog);
    out.line(`Imported ${catalog.length} offers from ${file}: ${summary.created} new, ${summary.updated} updated, ${summary.events} events.`);
    await catalogChanged().catch((error: unknown) => {
      out.line(`(The running instances could not be told through Redis: ${error instanceof Error ? error.message : String(error)}. They show the new catalog within a second.)`);
    });
  },
});
