import { COINS_PER_DOLLAR, MINIMUM_CASHOUT_DOLLARS } from '../constants';
import { formatDollars, readCoins } from './money';

/** Spec §9: the enforced minimum, $0.25, in coins. */
export const MINIMUM_CASHOUT_COINS = Math.round(MINIMUM_CASHOUT_DOLLARS * COINS_PER_DOLLAR);

/** What people read when the amount of a cashout is refused, in the form and from Cashout/Store alike (spec §5, §8). */
export const CASHOUT_AMOUNT_MESSAGES = {
  minimum: (dollars: number) => `Minimum amount is ${formatDollars(dollars)}`,
  decimals: 'Enter the amount in dollars and cents, with at most 2 decimals (e.g. 1.50)',
  tooLarge: 'The amount is too large.',
} as const;

export type CashoutAmountProblem = 'minimum' | 'decimals' | 'too_large';
export type CashoutAmount = { ok: true; coins: number } | { ok: false; problem: CashoutAmountProblem };

/** Cents are the smallest unit of a cashout. */
const CENTS = { decimals: 2 } as const;

/**
 * The cashout amount rule (spec §5): the integer coins of an amount in dollars, given as the text the user
 * typed (or a JSON number). Empty, not a number, or under the minimum is `minimum` (the spec's one message for
 * all three); more than 2 decimals (trailing zeros aside) is `decimals`; more than 9 digits of dollars `too_large`.
 */
export function readCashoutAmount(value: unknown, minimumDollars: number = MINIMUM_CASHOUT_DOLLARS): CashoutAmount {
  if (typeof value !== 'string' && typeof value !== 'number') return refused('minimum');
  const minimumCoins = Math.max(MINIMUM_CASHOUT_COINS, Math.round(minimumDollars * COINS_PER_DOLLAR));
  const reading = readCoins(value, CENTS);
  if (reading.ok) return reading.coins < minimumCoins ? refused('minimum') : reading;

  switch (reading.problem) {
    case 'too_large':
      return refused('too_large');
    case 'decimals': {
      // "0.2499" is under the minimum before it has too many decimals.
      const dropped = readCoins(value, { ...CENTS, extraDecimals: 'drop' });
      return dropped.ok && dropped.coins < minimumCoins ? refused('minimum') : refused('decimals');
    }
    case 'not_a_number':
      return looseProblem(String(value).trim(), minimumDollars);
    default:
      return refused('minimum');
  }
}

/** The words for a refused amount. */
export function cashoutAmountMessage(problem: CashoutAmountProblem, minimumDollars: number = MINIMUM_CASHOUT_DOLLARS): string {
  if (problem === 'decimals') return CASHOUT_AMOUNT_MESSAGES.decimals;
  if (problem === 'too_large') return CASHOUT_AMOUNT_MESSAGES.tooLarge;
  return CASHOUT_AMOUNT_MESSAGES.minimum(minimumDollars);
}

/** "1e3", "-2", "1,50", "abc": refused, with the message that fits what the text would have meant. */
function looseProblem(text: string, minimumDollars: number): CashoutAmount {
  const loose = Number(text);
  if (text !== '' && Number.isFinite(loose)) {
    if (loose < minimumDollars) return refused('minimum');
    if (readCoins(Math.trunc(loose), CENTS).ok === false) return refused('too_large');
  }
  return refused(/\d/.test(text) ? 'decimals' : 'minimum');
}

function refused(problem: CashoutAmountProblem): CashoutAmount {
  return { ok: false, problem };
}
