import { Readable } from 'node:stream';
import { EARNINGS_CSV_COLUMNS } from '@rewards/shared/contracts/earnings-types';
import type { EarningHolds } from '../../config-values';
import { authOf } from '../../plugins/auth';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import { csvLine } from './csv';
import { earningsQuery, earningsResponse } from './schemas';
import { allEarnings, earningsPage } from './service';

/** Rows the CSV reads per statement. */
export const CSV_PAGE_SIZE = 500;

export type EarningsRoutesOptions = {
  /** EARNING_HOLDS: the reversal rule the user's rate is measured against. */
  holds: EarningHolds;
};

/**
 * The signed-in user's earnings history: `GET /api/user/earnings` (a page, newest first, with the reversal
 * rate) and `GET /api/user/earnings.csv` (every row). The session is checked before the query.
 */
export const earningsRoutes: ZodPlugin<EarningsRoutesOptions> = async (app, { holds }) => {
  app.get(
    '/user/earnings',
    { onRequest: app.requireUser, schema: { querystring: earningsQuery, response: { 200: earningsResponse } } },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      reply.header('cache-control', 'private, no-store');
      return { status: 'success' as const, data: await earningsPage(app.db, { userId: authOf(request).user.id, cursor, limit, holds }) };
    },
  );

  app.get('/user/earnings.csv', { onRequest: app.requireUser }, async (request, reply) => {
    const pages = allEarnings(app.db, authOf(request).user.id, CSV_PAGE_SIZE);
    // The first page is read before the headers go out: a database failure there is still a clean error answer.
    const first = await pages.next();
    async function* lines() {
      yield csvLine(EARNINGS_CSV_COLUMNS);
      let page = first;
      while (!page.done) {
        yield page.value.map((item) => csvLine(EARNINGS_CSV_COLUMNS.map((column) => item[column]))).join('');
        page = await pages.next();
      }
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="earnings.csv"')
      .header('cache-control', 'private, no-store')
      .send(Readable.from(lines()));
  });
};
