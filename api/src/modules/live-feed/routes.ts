import { z } from 'zod';
import type { RecentLeadsResponse } from '@rewards/shared/contracts/api-types';
import { RECENT_LEADS_MAX_AGE_SECONDS, RECENT_LEADS_PATH } from '@rewards/shared/contracts/realtime';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import type { RecentLeadsCache } from './recent-leads-cache';

const liveLead = z.object({ id: z.number().int().positive(), name: z.string(), amount: z.string(), wall: z.string(), offer: z.string() });
const recentLeadsResponse = z.object({ status: z.literal('success'), data: z.array(liveLead) });

export type LiveFeedRoutesOptions = { recentLeads: RecentLeadsCache };

/** `GET /api/leads/recent`: the ticker's entries on a fresh page (spec §2), open to visitors. */
export const liveFeedRoutes: ZodPlugin<LiveFeedRoutesOptions> = async (app, { recentLeads }) => {
  app.get(RECENT_LEADS_PATH, { schema: { response: { 200: recentLeadsResponse } } }, async (_request, reply): Promise<RecentLeadsResponse> => {
    reply.header('Cache-Control', `public, max-age=${RECENT_LEADS_MAX_AGE_SECONDS}`);
    return { status: 'success', data: await recentLeads.get() };
  });
};
