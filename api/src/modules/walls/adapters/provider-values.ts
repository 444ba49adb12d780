import { isIP } from 'node:net';
import { dollarsToCoins, type ReadCoinsOptions } from '@rewards/shared/rules/money';
import { normaliseIp } from '../../../ip-address';
import { MAX_OFFER_PAYOUT_COINS } from '../../earn/catalog';

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
