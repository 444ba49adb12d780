import { coinsToDollarString } from '@rewards/shared/rules/money';
import { IDEMPOTENCY_HEADER } from '@rewards/shared/contracts/cashout-types';
import { authenticate, authOf } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import { announceWallets } from '../realtime/wallet-announcer';
import {
  CASHOUT_MESSAGES,
  historyQuery,
  historyResponse,
  parseIdempotencyKey,
  statsResponse,
  storeCashoutBody,
  storeCashoutResponse,
} from './schemas';
import { findLiveSessionWithCashoutTotals } from './repository';
import { cashoutHistory, requestCashout, toCashout, toCashoutStats } from './service';
import type { EarningHolds } from '../../config-values';
import type { PayoutsConfig } from '../payout-rails/payouts-config';
import type { Mailer } from '../account/mailer';

export type CashoutRoutesOptions = {
  /** Most a user may cash out per UTC day, every cashout not refunded together (CASHOUT_DAILY_LIMIT_DOLLARS). */
  dailyLimitCoins: number;
  payouts: PayoutsConfig;
  holds: EarningHolds;
  /** Called after an instant cashout was committed: the payout worker sends it now rather than at its next round. */
  onInstantCashout?: () => void;
  /** For the code before a risky cashout (emailed codes, keyed by APP_SECRET). */
  mailer: Mailer;
  appSecret: string;
};

/** The cashout calls of spec §7 under /api/Cashout. The session is checked first, before the body. */
export const cashoutRoutes: ZodPlugin<CashoutRoutesOptions> = async (app, { dailyLimitCoins, payouts, holds, onInstantCashout, mailer, appSecret }) => {
  app.post(
    '/Cashout/Store',
    { onRequest: app.requireUser, schema: { body: storeCashoutBody, response: { 200: storeCashoutResponse } } },
    async (request) => {
      const key = parseIdempotencyKey(request.headers[IDEMPOTENCY_HEADER.toLowerCase()]);
      if (!key.ok) throw new HttpError(422, CASHOUT_MESSAGES.idempotencyKey, { code: 'idempotency_key_invalid', errors: { [IDEMPOTENCY_HEADER]: [CASHOUT_MESSAGES.idempotencyKey] } });
      const userId = authOf(request).user.id;
      const { cashout, newBalanceCoins } = await requestCashout(app.db, {
        userId,
        input: request.body,
        idempotencyKey: key.key,
        dailyLimitCoins,
        payouts,
        holds,
        stepUp: { sessionId: authOf(request).sessionId, deps: { db: app.db, mailer, appSecret, log: request.log } },
      });
      if (cashout.status === 'approved') onInstantCashout?.();
      // The user's other tabs and devices show the lower balance too.
      void announceWallets({ db: app.db, realtime: app.realtime, log: request.log }, [userId]);
      return {
        status: 'success' as const,
        message: CASHOUT_MESSAGES.submitted,
        data: { new_balance: coinsToDollarString(newBalanceCoins), cashout: toCashout(cashout) },
      };
    },
  );

  // requireUser's checks, with the stats read in the same query as the session.
  app.get('/Cashout/stats', { schema: { response: { 200: statsResponse } } }, async (request) => {
    const { user, totals } = await authenticate(app, request, findLiveSessionWithCashoutTotals);
    return { status: 'success' as const, data: toCashoutStats(user, totals) };
  });

  app.get(
    '/Cashout/history',
    { onRequest: app.requireUser, schema: { querystring: historyQuery, response: { 200: historyResponse } } },
    async (request) => {
      const { page, per_page } = request.query;
      return { status: 'success' as const, data: await cashoutHistory(app.db, authOf(request).user.id, page, per_page) };
    },
  );
};
