import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertAccountActive, authOf, readSessionToken } from '../../plugins/auth';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import { findLiveSession, type UserRow } from '../account/repository';
import { hashSessionToken } from '../account/secrets';
import { seedCatalogIfEmpty } from './catalog';
import { loadOfferLinks, offerImageRoutes } from './offer-images';
import { EARN_MESSAGES, myOffersResponse, offersRequestBody, offersResponse, startOfferBody, startOfferResponse } from './schemas';
import { myOffers, offersFor, startOffer } from './service';

export type EarnRoutesOptions = {
  repoRoot: string;
  publicUrl: string | undefined;
  /** Catalog loaded into an empty offers table at start; undefined skips the seed. */
  offersSeedFile: string | undefined;
};

/**
 * The signed-in user when the request carries a live session, else null (a visitor). A blocked or
 * pending account still gets its 403, like on every signed-in call.
 */
async function optionalUser(app: FastifyInstance, request: FastifyRequest): Promise<UserRow | null> {
  const token = readSessionToken(request);
  const found = token ? await findLiveSession(app.db, hashSessionToken(token)) : undefined;
  if (!found) return null;
  assertAccountActive(found.user.status);
  return found.user;
}

/**
 * The Offers calls of spec §7 under /api/Offers, and our offer images. Offers/Get is open to visitors
 * too (the landing shows offers); their click links carry no user id, so a wall cannot credit them.
 */
export const earnRoutes: ZodPlugin<EarnRoutesOptions> = async (app, { repoRoot, publicUrl, offersSeedFile }) => {
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
  await app.register(offerImageRoutes, { assets });

  app.post('/Offers/Get', { schema: { body: offersRequestBody, response: { 200: offersResponse } } }, async (request) => {
    const user = await optionalUser(app, request);
    return { status: 'success' as const, data: await offersFor(app.db, user?.id ?? null, request.body.device, links) };
  });

  app.post(
    '/Offers/start',
    { onRequest: app.requireUser, schema: { body: startOfferBody, response: { 200: startOfferResponse } } },
    async (request) => {
      await startOffer(app.db, authOf(request).user.id, request.body.offer_id);
      return { status: 'success' as const, message: EARN_MESSAGES.started };
    },
  );

  app.get('/Offers/my-offers', { onRequest: app.requireUser, schema: { response: { 200: myOffersResponse } } }, async (request) => {
    return { status: 'success' as const, data: await myOffers(app.db, authOf(request).user.id, links) };
  });
};
