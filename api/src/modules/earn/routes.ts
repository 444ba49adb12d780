import { Negotiator } from '@fastify/accept-negotiator';
import { authOf } from '../../plugins/auth';
import { etagMatches } from '../../plugins/cache-policy';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import { assertAccountActive } from '../session/session';
import type { ContentEncoding } from './catalog-cache';
import { offerImageRoutes } from './offer-images';
import { EARN_MESSAGES, myOffersResponse, offersRequestBody, startOfferBody, startOfferResponse } from './schemas';
import { myOffers, startOffer } from './service';

const encodings = new Negotiator<ContentEncoding | 'identity'>({ supportedValues: ['br', 'gzip', 'identity'] });

/**
 * The Offers calls of spec §7 under /api/Offers, and our offer images. Offers/Get is open to visitors
 * too (the landing shows offers); their click links carry no user id, so a wall cannot credit them.
 */
export const earnRoutes: ZodPlugin = async (app) => {
  const { catalog, assets, links } = app.offers;
  await app.register(offerImageRoutes, { assets });

  // No response schema here: the answer is checked against offersResponse and serialised once per catalog
  // version (catalog-cache.ts), then sent as text or compressed bytes.
  app.post('/Offers/Get', { preHandler: app.identifyUser, schema: { body: offersRequestBody } }, async (request, reply) => {
    // A visitor gets offers too; a blocked or pending account still gets its 403, like on every signed-in call.
    const user = request.auth?.user ?? null;
    if (user) assertAccountActive(user.status);
    const answer = await catalog.answer(request.body.device, user?.id ?? null);
    reply.header('etag', answer.etag).header('cache-control', 'private, no-cache').header('vary', 'Accept-Encoding, Authorization, Cookie');
    if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    const encoding = encodings.negotiate(request.headers['accept-encoding'] ?? '');
    if (encoding === 'br' || encoding === 'gzip') return reply.header('content-encoding', encoding).send(answer.encoded(encoding));
    return reply.send(answer.body());
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
