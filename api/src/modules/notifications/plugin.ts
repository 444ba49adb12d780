import fp from 'fastify-plugin';
import { type NotificationDeliveryDeps, type NotificationMailer, type NotificationPublisher, deliverNotifications } from './delivery';
import type { StoredNotification } from './notify';
import { pruneNotifications } from './retention';
import { notificationRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells users of their committed notifications: the live push and the emails. Never rejects. */
    deliverNotifications(rows: readonly StoredNotification[]): Promise<void>;
  }
}

export type NotificationsPluginOptions = {
  realtime: NotificationPublisher;
  mailer: NotificationMailer;
  /** The site's public origin (PUBLIC_URL), for the links of emails. */
  siteUrl: string | undefined;
  /** NOTIFICATION_DAYS. */
  days: number;
  /** How often old notifications are pruned; 0: never (tests prune by hand). */
  pruneEveryMs?: number;
};

const PRUNE_EVERY_MS = 10 * 60_000;

/** The notification centre: its routes under /api, `app.deliverNotifications`, and the periodic prune. */
export const notificationsPlugin = fp<NotificationsPluginOptions>(
  async (app, { realtime, mailer, siteUrl, days, pruneEveryMs = PRUNE_EVERY_MS }) => {
    const deps: NotificationDeliveryDeps = {
      db: app.db,
      realtime,
      mailer,
      siteUrl,
      onProblem: (message, error) => app.log.warn({ err: error }, message),
    };
    app.decorate('deliverNotifications', (rows: readonly StoredNotification[]) => deliverNotifications(deps, rows));
    await app.register(notificationRoutes, { prefix: '/api' });

    // Any instance may prune, at any time: it is idempotent.
    const prune = () => pruneNotifications(app.db, { days }).catch((error: unknown) => app.log.warn({ err: error }, 'notifications could not be pruned'));
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      if (pruneEveryMs <= 0) return;
      void prune();
      timer = setInterval(() => void prune(), pruneEveryMs);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'notifications', dependencies: ['database'] },
);
