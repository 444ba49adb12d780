import type { FastifyBaseLogger } from 'fastify';
import { coinsToDollarString } from '@rewards/shared/rules/money';
import { type Executor, walletSnapshots } from '../ledger/ledger';
import type { RealtimePublisher } from './publisher';

export type WalletAnnouncerDeps = { db: Executor; realtime: Pick<RealtimePublisher, 'publishWallet'>; log: FastifyBaseLogger };

/**
 * Tells each user's open pages their balance after a committed change (`wallet.updated` on their private
 * channel). Reads the balance after the fact, so any number of changes can share one announcement. Never
 * rejects: the money already moved, and a page that misses the event still shows it on its next load.
 */
export async function announceWallets({ db, realtime, log }: WalletAnnouncerDeps, userIds: readonly number[]): Promise<void> {
  try {
    const snapshots = await walletSnapshots(db, userIds);
    await Promise.all(
      snapshots.map(({ userId, balanceCoins, version }) =>
        realtime.publishWallet(userId, { wallet: coinsToDollarString(balanceCoins), version }),
      ),
    );
  } catch (error) {
    log.warn({ err: error }, 'wallet.updated could not be published');
  }
}
