import { rateLimitAddress } from '../../plugins/rate-limit';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import { storeContactMessage } from './repository';
import { CONTACT_MESSAGES, contactBody, contactResponse } from './schemas';

/**
 * `POST /api/contact`: the contact form (spec §2 Contact, §5). Visitors and users alike; a signed-in sender's
 * message is linked to their account. Limited per IP, counted only for messages that pass validation.
 */
export const contactRoutes: ZodPlugin = async (app) => {
  app.post('/contact', { preHandler: app.identifyUser, schema: { body: contactBody, response: { 201: contactResponse } } }, async (request, reply) => {
    await app.enforceRateLimits([{ limit: 'contact_ip', key: rateLimitAddress(request) }]);
    await storeContactMessage(app.db, { ...request.body, userId: request.auth?.user.id ?? null, ip: request.ip });
    return reply.code(201).send({ status: 'success' as const, message: CONTACT_MESSAGES.sent });
  });
};
