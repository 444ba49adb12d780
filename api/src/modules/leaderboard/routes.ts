import { z } from 'zod';
import { LEADERBOARD_PERIODS } from '@rewards/shared/contracts/marketing-types';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import { cachedLeaderboard } from './service';

export const LEADERBOARD_CACHE_MS = 15_000;

const leaderboardQuery = z.object({
  period: z
    .enum(LEADERBOARD_PERIODS, { error: `The period must be one of ${LEADERBOARD_PERIODS.join(', ')}.` })
    .default('monthly'),
});

const leaderboardResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    period: z.enum(LEADERBOARD_PERIODS),
    since: z.string(),
    entries: z.array(z.object({ rank: z.number().int(), name: z.string(), initial: z.string(), amount: z.string() })),
  }),
});

/** `GET /api/leaderboard?period=daily|weekly|monthly`: the period's top earners by credited offer earnings. */
export const leaderboardRoutes: ZodPlugin<{ cacheMs?: number }> = async (app, options) => {
  const cacheMs = options.cacheMs ?? LEADERBOARD_CACHE_MS;
  const board = cachedLeaderboard(app.db, cacheMs);
  app.get('/leaderboard', { schema: { querystring: leaderboardQuery, response: { 200: leaderboardResponse } } }, async (request, reply) => {
    reply.header('cache-control', `public, max-age=${Math.floor(cacheMs / 1000)}`);
    return { status: 'success' as const, data: await board(request.query.period) };
  });
};
