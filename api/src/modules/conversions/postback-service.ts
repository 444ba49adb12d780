import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { CallbackOutcome } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../domain-errors';
import { UnknownUserError } from './credit-types';
import { creditConversion } from './crediting';
import { reverseConversion } from './reversal';
import type { RealtimePublisher } from '../realtime/publisher';
import { announceLead, type CreditedConversion } from '../live-feed/lead-announcer';
import { announceWalletSnapshots } from '../realtime/wallet-announcer';
import type { WalletSnapshot } from '../ledger/ledger';
import type { StoredNotification } from '../notifications/notify';
import type { EarningHolds } from '../../config-values';
import type { ConversionAction } from './conversion-action';
import { settleTicketsForConversion } from '../tickets/settlement';

export const POSTBACK_MESSAGES = {
  credited: 'Conversion credited.',
  duplicate: 'Conversion already credited.',
  reversed: 'Conversion reversed.',
  alreadyReversed: 'Conversion already reversed.',
  unknownReversal: 'Unknown transaction: nothing to reverse.',
  unknownUser: 'Unknown user.',
  unknownWall: 'Unknown wall.',
  badSignature: 'Invalid signature.',
  notConfigured: 'Postbacks of this wall are not configured.',
  addressRefused: 'Callbacks of this wall are not accepted from this address.',
  signatureReused: 'These signed values already booked another transaction.',
  unavailable: 'Temporarily unavailable; please retry.',
} as const;

/**
 * What booking a postback needs: the database (or a transaction it runs in: a replay by an operator runs in
 * the command's transaction, so nothing here may use another handle) and a log. Telling the site is the
 * caller's step, once committed (see announceBooking).
 */
export type PostbackDeps = {
  db: Database;
  log: FastifyBaseLogger;
  /** Credits may be booked several per statement (creditConversion's `batch`). */
  batchCredits?: boolean;
  /** EARNING_HOLDS: which credits are held (none when unset). */
  holds?: EarningHolds;
};

/**
 * What the site is told once a booking committed: the balances it moved, as its own rows left them (no read
 * after the fact), and a credit for the live feed.
 */
export type Announcements = { wallets: readonly WalletSnapshot[]; lead?: CreditedConversion; notifications: readonly StoredNotification[] };

export const NOTHING_TO_ANNOUNCE: Announcements = Object.freeze({ wallets: Object.freeze([]), notifications: Object.freeze([]) });

export type PostbackAnswer = {
  outcome: Extract<CallbackOutcome, 'credited' | 'reversed' | 'duplicate' | 'ignored'>;
  message: string;
  /** Coins credited (positive) or taken back (negative) by this very call; 0 for a repeat or a no-op. */
  coins: number;
  announcements: Announcements;
};

/**
 * Tells the site about a committed booking: every moved balance as `wallet.updated` to its owner, a credit
 * as a `lead.created` event on the live feed, the users' notifications (`deliverNotifications`). Never
 * rejects: a publishing failure is logged, never the partner's problem.
 */
export async function announceBooking(
  deps: PostbackDeps & {
    realtime: Pick<RealtimePublisher, 'publishLead' | 'publishWallet'>;
    deliverNotifications(rows: readonly StoredNotification[]): Promise<void>;
  },
  { wallets, lead, notifications }: Announcements,
): Promise<void> {
  await Promise.all([
    wallets.length > 0 ? announceWalletSnapshots(deps, wallets) : undefined,
    lead ? announceLead(deps, lead) : undefined,
    notifications.length > 0 ? deps.deliverNotifications(notifications) : undefined,
  ]);
}

/**
 * Books what a verified postback asks for and answers the partner. Repeats answer 200 too (so the partner
 * stops retrying); an unknown user or a reversal of nothing we credited is 404. The answer says what to
 * announce once the booking is committed (announceBooking).
 */
export async function applyConversion(deps: PostbackDeps, wall: { slug: string; title: string }, action: ConversionAction): Promise<PostbackAnswer> {
  const { db } = deps;
  if (action.kind === 'ignore') return { outcome: 'ignored', message: action.message, coins: 0, announcements: NOTHING_TO_ANNOUNCE };

  if (action.kind === 'reverse') {
    // A deleted account is reversed too: its row stays, and the money it earned was never its to keep.
    const result = await reverseConversion(db, { wall: wall.slug, txid: action.txid, userId: action.userId });
    if (result.outcome === 'unknown') throw new NotFoundError(POSTBACK_MESSAGES.unknownReversal, { code: 'unknown_transaction' });
    if (result.outcome === 'already-reversed') {
      return { outcome: 'duplicate', message: POSTBACK_MESSAGES.alreadyReversed, coins: 0, announcements: NOTHING_TO_ANNOUNCE };
    }
    return {
      outcome: 'reversed',
      message: POSTBACK_MESSAGES.reversed,
      coins: -result.payoutCoins,
      announcements: { wallets: result.wallets, notifications: result.notifications },
    };
  }

  let result: Awaited<ReturnType<typeof creditConversion>>;
  try {
    result = await creditConversion(
      db,
      {
        wall: wall.slug,
        txid: action.txid,
        userId: action.userId,
        partnerOfferId: action.partnerOfferId,
        partnerEventId: action.partnerEventId,
        payoutCoins: action.payoutCoins,
        // Without the wall's name of the offer, the ledger note names our catalog's.
        note: action.offerName ? `${wall.slug}: ${action.offerName}` : undefined,
        offerName: action.offerName,
        userIp: action.userIp,
        signedContent: action.signedContent,
      },
      { batch: deps.batchCredits === true, holds: deps.holds },
    );
  } catch (error) {
    if (error instanceof UnknownUserError) throw new NotFoundError(POSTBACK_MESSAGES.unknownUser, { code: 'unknown_user' });
    throw error;
  }
  if (result.outcome === 'duplicate') return { outcome: 'duplicate', message: POSTBACK_MESSAGES.duplicate, coins: 0, announcements: NOTHING_TO_ANNOUNCE };
  if (result.outcome === 'signature-reused') throw new ConflictError(POSTBACK_MESSAGES.signatureReused, { code: 'signature_reused' });
  const settled = !result.userHasTickets
    ? undefined
    : await settleTicketsForConversion(db, {
    userId: result.user.id,
    wall: wall.slug,
    partnerOfferId: action.partnerOfferId,
    offerName: action.offerName ?? result.offer?.name,
  }).catch((error: unknown) => {
    // The credit is booked and answered; an accept of the ticket afterwards still finds it (and credits nothing).
    deps.log.error({ err: error }, 'missing-credit tickets could not be settled for a credit');
    return undefined;
  });
  const lead: CreditedConversion = {
    userName: result.user.name,
    userEmail: result.user.email,
    payoutCoins: result.payoutCoins,
    wallTitle: wall.title,
    offerTitle: result.offer?.name ?? action.offerName ?? wall.title,
  };
  const wallets = settled?.wallets.length ? [...result.wallets, ...settled.wallets] : result.wallets;
  return { outcome: 'credited', message: POSTBACK_MESSAGES.credited, coins: result.payoutCoins, announcements: { wallets, lead, notifications: result.notifications } };
}
