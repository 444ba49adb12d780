import { isIP } from 'node:net';
import { dollarsToCoins, type ReadCoinsOptions } from '@rewards/shared/rules/money';
import { normaliseIp } from '../../../ip-address';
import type { ConversionAction } from '../../conversions/conversion-action';
import { MAX_OFFER_PAYOUT_COINS } from '../../earn/catalog';
import { USER_ID } from '../wall-adapter';

const PROVIDER_COINS: ReadCoinsOptions = { coinsPerUnit: 1, signed: true, extraDecimals: 'drop', maxCoins: MAX_OFFER_PAYOUT_COINS };

/**
 * A provider's reward in its app currency, which we configure as our coins (1000 per US dollar), e.g.
 * "500", "512.75" or "-500" (a reconciliation). Whole coins, rounded toward zero; null when unreadable
 * or beyond what one conversion may pay.
 */
export function providerCoins(value: string | undefined): number | null {
  return value === undefined ? null : dollarsToCoins(value, PROVIDER_COINS);
}

/** A provider's offer or task id as we store it: visible ASCII, at most 100 characters, else ''. */
export function providerId(value: string | undefined): string {
  const text = value?.trim() ?? '';
  return /^[\x21-\x7e]{1,100}$/.test(text) ? text : '';
}

/** A provider's offer name for the live ticker: one line, at most 80 characters. */
export function providerName(value: string | undefined): string | undefined {
  const text = value?.replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ').trim();
  return text ? text.slice(0, 80) : undefined;
}

/** The user's address as a wall reports it, when it is one (`0.0.0.0` and the like mean unknown). */
export function providerIp(value: string | undefined): string | undefined {
  const text = value?.trim() ?? '';
  if (isIP(text) === 0 || text === '0.0.0.0' || text === '::') return undefined;
  return normaliseIp(text);
}

/** A callback's user, transaction and reward, unchecked: `userId` as sent, `txid` as providerId reads it. */
export type CallbackCore = { userId: string; txid: string; coins: number | null; problems: Record<string, string[]> };

/**
 * Reads the three values every wall sends under its own names: our user id, its transaction (`txidIs`: what
 * the wall calls one, "a conversion id"), the reward in coins; `problems` names each one unreadable, in order.
 */
export function readCallbackCore(params: Map<string, string>, names: { user: string; txid: string; txidIs: string; coins: string }): CallbackCore {
  const userId = params.get(names.user) ?? '';
  const txid = providerId(params.get(names.txid));
  const coins = providerCoins(params.get(names.coins));
  const problems: Record<string, string[]> = {};
  if (!USER_ID.test(userId)) problems[names.user] = [`The ${names.user} must be our user id.`];
  if (txid === '') problems[names.txid] = [`The ${names.txid} must be ${names.txidIs}.`];
  if (coins === null) problems[names.coins] = [`The ${names.coins} must be a number of coins.`];
  return { userId, txid, coins, problems };
}

/**
 * The credit of a checked callback (nothing to credit at 0 coins), with the offer, event, offer name and
 * user address the wall sends under `names` (an event left out is '').
 */
export function creditOf(
  params: Map<string, string>,
  { txid, userId, coins }: { txid: string; userId: string; coins: number },
  names: { offer: string; event?: string; name?: string; ip?: string },
): ConversionAction {
  if (coins <= 0) return { kind: 'ignore', message: 'Nothing to credit.' };
  return {
    kind: 'credit',
    txid,
    userId: Number(userId),
    partnerOfferId: providerId(params.get(names.offer)),
    partnerEventId: names.event === undefined ? '' : providerId(params.get(names.event)),
    payoutCoins: coins,
    ...(names.name === undefined ? {} : { offerName: providerName(params.get(names.name)) }),
    ...(names.ip === undefined ? {} : { userIp: providerIp(params.get(names.ip)) }),
  };
}
