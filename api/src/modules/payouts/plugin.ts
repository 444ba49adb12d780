import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { announceWallets } from '../realtime/wallet-announcer';
import type { PayoutsConfig } from '../payout-rails/payouts-config';
import type { RailTools } from '../payout-rails/rail';
import { railDefinition } from '../payout-rails/registry';
import type { PayoutEffects } from './settle';
import { payoutWebhookRoutes } from './webhook-routes';
import { railSetOf, reconcilePayouts, runPayoutRound, type RailSet } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    payouts: {
      rails: RailSet;
      /** Runs a round now (an instant cashout was just committed); rounds never overlap. */
      wake(): void;
      /** One round, awaited (tests). */
      runRound(): Promise<PayoutEffects>;
      /** Asks the providers about every sending and failed cashout, awaited. */
      reconcile(): Promise<PayoutEffects>;
    };
  }
}

export type PayoutsPluginOptions = {
  payouts: PayoutsConfig;
  /** How often the worker looks for cashouts to send and to ask about; 0: never by itself (tests run rounds). */
  tickMs?: number;
  /** How often every failed cashout is asked about again. */
  reconcileEveryMs?: number;
  /** Replaces the rails' fetch, timeout or clock (tests). */
  tools?: Partial<RailTools>;
};

export const PAYOUT_TICK_MS = 1000;
const RECONCILE_EVERY_MS = 5 * 60_000;

/** Tells users what the round changed: notifications, and the balances of refunded ones. */
async function tell(app: FastifyInstance, effects: PayoutEffects): Promise<void> {
  if (effects.notifications.length > 0) await app.deliverNotifications(effects.notifications);
  if (effects.walletUserIds.length > 0) await announceWallets({ db: app.db, realtime: app.realtime, log: app.log }, [...new Set(effects.walletUserIds)]);
}

/**
 * The payout worker and the providers' webhooks. Every instance runs the worker: each cashout is claimed by
 * one (`for update skip locked`, see settle.ts) and sent under its own idempotency id, so several instances
 * share the work without sending one twice. At start (and every RECONCILE_EVERY_MS) it asks the providers
 * about every `sending` and `failed` cashout; a round every `tickMs` sends what is due and asks about what
 * the providers still have in progress. No automatic rail configured: no worker at all.
 */
export const payoutsPlugin = fp<PayoutsPluginOptions>(
  async (app, { payouts, tickMs = PAYOUT_TICK_MS, reconcileEveryMs = RECONCILE_EVERY_MS, tools = {} }) => {
    const rails = railSetOf(payouts, tools);
    const options = { rails, retryLimit: payouts.retryLimit };
    const automatic = Object.values(payouts.rails).some((name) => railDefinition(name)?.automatic);

    let running: Promise<PayoutEffects> | undefined;
    let again = false;
    let closing = false;
    // Telling users does not hold up the next round (a round's notifications go out while it sends more).
    const told = new Set<Promise<void>>();
    const guarded = (work: () => Promise<PayoutEffects>): Promise<PayoutEffects> =>
      work().then((effects) => {
        const telling = tell(app, effects).catch((error: unknown) => app.log.warn({ err: error }, 'payout changes could not be announced'));
        told.add(telling);
        void telling.finally(() => told.delete(telling));
        return effects;
      });
    const runRound = (): Promise<PayoutEffects> => {
      if (running) {
        again = true;
        return running;
      }
      running = guarded(() => runPayoutRound(app.db, options)).finally(() => {
        running = undefined;
        if (again && !closing) {
          again = false;
          void runRound().catch(() => {});
        }
      });
      return running;
    };
    const quietly = (work: Promise<unknown>, what: string) => void work.catch((error: unknown) => app.log.warn({ err: error }, what));

    app.decorate('payouts', {
      rails,
      wake: () => {
        if (automatic && tickMs > 0 && !closing) quietly(runRound(), 'the payout round failed');
      },
      runRound,
      reconcile: () => guarded(() => reconcilePayouts(app.db, options)),
    });
    await app.register(payoutWebhookRoutes, { prefix: '/api', rails, onEffects: (effects) => tell(app, effects) });

    const timers: NodeJS.Timeout[] = [];
    app.addHook('onReady', async () => {
      if (!automatic || tickMs <= 0) return;
      quietly(
        app.payouts.reconcile().then(() => runRound()),
        'payouts could not be reconciled at start',
      );
      timers.push(setInterval(() => quietly(runRound(), 'the payout round failed'), tickMs));
      timers.push(setInterval(() => quietly(app.payouts.reconcile(), 'payouts could not be reconciled'), reconcileEveryMs));
      timers.forEach((timer) => timer.unref());
    });
    app.addHook('preClose', async () => {
      closing = true;
      timers.forEach((timer) => clearInterval(timer));
      await running?.catch(() => {});
      await Promise.all(told);
    });
  },
  { name: 'payouts', dependencies: ['database', 'notifications'] },
);
