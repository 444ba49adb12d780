import fp from 'fastify-plugin';
import type { RedisTarget } from '../../change-signal';
import type { MemberFirstScreenSource } from '../../plugins/prerendered-page';
import { seedCatalogIfEmpty } from './catalog';
import { createOffersCatalog, type OffersCatalog } from './catalog-cache';
import { subscribeCatalogChanges } from './catalog-events';
import { createOffersFirstScreens } from './first-screen';
import type { Links } from './links';
import { loadOfferLinks, type OfferAssets } from './offer-images';

declare module 'fastify' {
  interface FastifyInstance {
    offers: {
      /** The catalog's `Offers/Get` answers, made once per version (re-read within a second of an import). */
      catalog: OffersCatalog;
      /** Our offer images, served from memory. */
      assets: OfferAssets;
      /** The links built on them (versioned image URLs, click links). */
      links: Links;
      /** /Earn's first screen made from this catalog: the static site's `memberFirstScreen`. */
      firstScreens: MemberFirstScreenSource;
    };
  }
}

export type OffersCatalogPluginOptions = {
  repoRoot: string;
  publicUrl: string | undefined;
  /** Catalog loaded into an empty offers table at start; undefined skips the seed. */
  offersSeedFile: string | undefined;
  /** Where imports by other processes are announced (several instances); undefined: noticed within a second. */
  redis?: RedisTarget;
};

/** The offers catalog as the site shows it (`app.offers`): seeded at start when empty, cached per version. */
export const offersCatalogPlugin = fp<OffersCatalogPluginOptions>(
  async (app, { repoRoot, publicUrl, offersSeedFile, redis }) => {
    if (offersSeedFile) {
      try {
        const seeded = await seedCatalogIfEmpty(app.db, offersSeedFile);
        if (seeded !== 'not-empty') app.log.info(`offers catalog seeded from ${offersSeedFile}: ${seeded.created} offers, ${seeded.events} events`);
      } catch (error) {
        // The site still runs with an empty catalog; the operator can load one with `pnpm ops offers:import`.
        app.log.error({ err: error }, `offers catalog could not be seeded from ${offersSeedFile}`);
      }
    }

    const { assets, links } = await loadOfferLinks(repoRoot, publicUrl);
    const catalog = createOffersCatalog({ db: app.db, links });
    app.addHook('onClose', async () => catalog.close());
    if (redis) {
      const unsubscribe = await subscribeCatalogChanges(redis, () => catalog.invalidate(), app.log);
      app.addHook('onClose', unsubscribe);
    }
    app.decorate('offers', { catalog, assets, links, firstScreens: createOffersFirstScreens({ catalog, log: app.log }) });
  },
  { name: 'offers', dependencies: ['database'] },
);
