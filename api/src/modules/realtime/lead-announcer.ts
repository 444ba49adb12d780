import type { FastifyBaseLogger } from 'fastify';
import type { LiveLead } from '@rewards/shared/contracts/api-types';
import { coinsToDollarString } from '@rewards/shared/rules/money';
import { publicName } from '@rewards/shared/rules/user-display';
import type { RealtimePublisher } from './publisher';

export type LeadAnnouncerDeps = { realtime: Pick<RealtimePublisher, 'publishLead'>; log: FastifyBaseLogger };

/** A credited conversion as the public live feed shows it: never an email or an id. */
export type CreditedConversion = {
  /** The user's full name as stored; only the first name and an initial go out. */
  userName: string;
  payoutCoins: number;
  /** The wall's display title, e.g. "BitLabs". */
  wallTitle: string;
  /** The offer's title, as we or the wall name it. */
  offerTitle: string;
};

export function liveLeadOf({ userName, payoutCoins, wallTitle, offerTitle }: CreditedConversion): LiveLead {
  return { name: publicName(userName), amount: `$${coinsToDollarString(payoutCoins)}`, wall: wallTitle, offer: offerTitle };
}

/**
 * Publishes a credited conversion as `lead.created` on the public feed. Never rejects: the money already
 * moved, and a missed feed entry is nobody's loss.
 */
export async function announceLead({ realtime, log }: LeadAnnouncerDeps, conversion: CreditedConversion): Promise<void> {
  try {
    await realtime.publishLead(liveLeadOf(conversion));
  } catch (error) {
    log.warn({ err: error }, 'lead.created could not be published');
  }
}
