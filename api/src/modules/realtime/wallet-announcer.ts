import type { FastifyBaseLogger } from 'fastify';
import { coinsToDollarString } from '@rewards/shared/rules/money';
import { type WalletSnapshot, walletSnapshots } from '../ledger/ledger';
import type { Executor } from '../../db/executor';
import type { RealtimePublisher } from './publisher';

export type WalletPublisherDeps = { db: Executor; realtime: Pick<RealtimePublisher, 'publishWallet'> };
export type WalletAnnouncerDeps = WalletPublisherDeps & { log: FastifyBaseLogger };

/** Publishes each user's balance as it is now; rejects when the realtime service cannot be reached. */
export async function publishWallets({ db, realtime }: WalletPublisherDeps, userIds: readonly number[]): Promise<void> {
  await publishSnapshots(realtime, await walletSnapshots(db, userIds));
}

function publishSnapshots(realtime: WalletPublisherDeps['realtime'], snapshots: readonly WalletSnapshot[]): Promise<unknown> {
  return Promise.all(
    snapshots.map(({ userId, balanceCoins, heldCoins, version }) =>
      realtime.publishWallet(userId, { wallet: coinsToDollarString(balanceCoins), pending_wallet: coinsToDollarString(heldCoins), version }),
    ),
  );
}

/**
 * Publishes balances as a booking left them (its own row's id as the version, which pages use to ignore an
 * older announcement arriving late): no read after the fact. Never rejects, like announceWallets.
 */
export async function announceWalletSnapshots({ realtime, log }: Pick<WalletAnnouncerDeps, 'realtime' | 'log'>, snapshots: readonly WalletSnapshot[]): Promise<void> {
  try {
    await publishSnapshots(realtime, snapshots);
  } catch (error) {
    log.warn({ err: error }, 'wallet.updated could not be published');
  }
}

/**
 * Tells each user's open pages their balance after a committed change (`wallet.updated` on their private
 * channel). Reads the balance after the fact, so any number of changes can share one announcement. Never
 * rejects: the money already moved, and a page that misses the event still shows it on its next load.
 */
export async function announceWallets({ log, ...deps }: WalletAnnouncerDeps, userIds: readonly number[]): Promise<void> {
  try {
    await publishWallets(deps, userIds);
  } catch (error) {
    log.warn({ err: error }, 'wallet.updated could not be published');
  }
}
