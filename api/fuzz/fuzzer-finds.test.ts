import Fastify from 'fastify';
import { DEV_POSTBACK_SECRET } from '../src/modules/walls/registry';
import { routeCollector } from './routes';
import { runFuzz } from './runner';

// The fuzz suite must be able to fail: a route with the kind of defect it hunts is found, with a seed to replay it.
describe('the fuzzer', () => {
  it('finds a route that answers 500 to a hostile body or query, and says how to send it again', async () => {
    const collector = routeCollector();
    const app = Fastify({ logger: false });
    app.addHook('onRoute', collector.onRoute);
    app.post('/api/broken', async (request) => {
      const body = request.body as Record<string, unknown> | null | undefined;
      // The classic: trusting that a field, when given, is a string (a number, array or object answers 500).
      if (typeof body !== 'object' || body === null || body.x === undefined) return { length: 0 };
      return { length: (body.x as string).trim().length };
    });
    app.get('/api/fine', async () => ({ ok: true }));
    await app.ready();

    const tally = await runFuzz({ app, seed: 42, requests: 400, context: () => ({ routes: collector.routes(), identities: [], postbackSecret: DEV_POSTBACK_SECRET, pusher: { appId: 'a', key: 'k', secret: 's' } }) });
    expect(tally.serverErrors).toBeGreaterThan(0);
    expect(tally.failures[0]).toMatchObject({ problem: '5xx answer', seed: expect.any(Number), index: expect.any(Number), url: expect.stringContaining('/api/broken') });
    await app.close();
  });

  it('finds an error answer whose code is missing or not listed in the error codes', async () => {
    const collector = routeCollector();
    const app = Fastify({ logger: false });
    app.addHook('onRoute', collector.onRoute);
    app.get('/api/unlisted', async (_request, reply) => reply.code(409).send({ status: 'error', code: 'made_up_code', message: 'Nope.' }));
    app.get('/api/no-code', async (_request, reply) => reply.code(400).send({ status: 'error', message: 'Nope.' }));
    app.get('/api/listed', async (_request, reply) => reply.code(404).send({ status: 'error', code: 'not_found', message: 'Not found' }));
    await app.ready();

    const tally = await runFuzz({ app, seed: 7, requests: 300, context: () => ({ routes: collector.routes(), identities: [], postbackSecret: DEV_POSTBACK_SECRET, pusher: { appId: 'a', key: 'k', secret: 's' } }) });
    const problems = new Set(tally.failures.map((failure) => failure.problem));
    expect(problems).toEqual(new Set([expect.stringContaining('code made_up_code'), expect.stringContaining('code undefined')]));
    expect(tally.failures.some((failure) => failure.url.includes('/api/listed'))).toBe(false);
    await app.close();
  });

  it('sends at least minRequests however short the time limit, and stops at the limit after that', async () => {
    const collector = routeCollector();
    const app = Fastify({ logger: false });
    app.addHook('onRoute', collector.onRoute);
    app.get('/api/fine', async () => ({ ok: true }));
    await app.ready();
    const context = () => ({ routes: collector.routes(), identities: [], postbackSecret: DEV_POSTBACK_SECRET, pusher: { appId: 'a', key: 'k', secret: 's' } });

    const floored = await runFuzz({ app, seed: 7, requests: 400, timeLimitMs: 0, minRequests: 60, context });
    expect(floored.requests).toBeGreaterThanOrEqual(60);
    expect(floored.requests).toBeLessThan(400);
    const unfloored = await runFuzz({ app, seed: 7, requests: 400, timeLimitMs: 0, context });
    expect(unfloored.requests).toBe(0);
    await app.close();
  });

  it('lists the fields a route reads from its zod schemas, through transforms', async () => {
    const { z } = await import('zod');
    const collector = routeCollector();
    collector.onRoute({ method: 'POST', url: '/x', handler: async () => ({}), schema: { body: z.object({ a: z.string(), b: z.number() }).transform((value) => value), querystring: z.object({ page: z.string() }) } } as never);
    expect(collector.routes()).toEqual([{ url: '/x', methods: ['POST'], bodyFields: ['a', 'b'], queryFields: ['page'] }]);
  });
});
