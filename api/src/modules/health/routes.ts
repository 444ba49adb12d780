import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ErrorEnvelope, HealthResponse } from '@rewards/shared/contracts/api-types';
import { errorEnvelopeSchema, type ZodPlugin } from '../../plugins/zod-schemas';

const healthyResponse = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/** Liveness and readiness in one: answers ok only after a real round trip to the database. */
export const healthRoutes: ZodPlugin = async (app) => {
  app.get('/health', { schema: { response: { 200: healthyResponse, 503: errorEnvelopeSchema } } }, async (request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      const body: ErrorEnvelope = { status: 'error', code: 'service_unavailable', message: 'Database unavailable' };
      return reply.code(503).send(body);
    }
    const body: HealthResponse = { status: 'ok', database: app.databaseKind };
    return body;
  });
};
