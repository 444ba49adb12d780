import { COINS_PER_DOLLAR, MINIMUM_CASHOUT_DOLLARS } from '@rewards/shared/constants';

/** Spec §9: the enforced minimum, $0.25, in coins. */
export const MINIMUM_CASHOUT_COINS = Math.round(MINIMUM_CASHOUT_DOLLARS * COINS_PER_DOLLAR);

/** Whole dollars of at most 9 digits keep every amount a safe integer of coins. */
const MAX_WHOLE_DIGITS = 9;
const COINS_PER_CENT = COINS_PER_DOLLAR / 100;

export type AmountProblem = 'minimum' | 'decimals' | 'too_large';
export type ParsedAmount = { ok: true; coins: number } | { ok: false; problem: AmountProblem };

/**
 * The integer coins of a cashout amount in dollars, given as a JSON number or a numeric string, read through
 * its decimal text so no float rounding is involved: `1.1` → 1100, `"0.25"` → 250, `".5"` → 500.
 * Cents are the smallest unit: trailing zeros aside, at most 2 decimals. Empty, not a number, or under
 * $0.25 is `minimum` (the spec's one message for all three).
 */
export function parseCashoutAmount(value: unknown): ParsedAmount {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { ok: false, problem: 'minimum' };
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return { ok: false, problem: 'minimum' };
  }

  const match = /^(?:(\d+)(?:\.(\d*))?|\.(\d+))$/.exec(text);
  if (!match) {
    // "1e3", "-2", "1,50", "abc": refused, with the message that fits what it would have meant.
    const loose = Number(text);
    if (text !== '' && Number.isFinite(loose)) {
      if (loose < MINIMUM_CASHOUT_DOLLARS) return { ok: false, problem: 'minimum' };
      if (loose >= 10 ** MAX_WHOLE_DIGITS) return { ok: false, problem: 'too_large' };
    }
    return { ok: false, problem: /\d/.test(text) ? 'decimals' : 'minimum' };
  }
  const whole = (match[1] ?? '').replace(/^0+/, '');
  const fraction = (match[2] ?? match[3] ?? '').replace(/0+$/, '');

  if (whole.length > MAX_WHOLE_DIGITS) return { ok: false, problem: 'too_large' };
  if (whole === '' && belowMinimumFraction(fraction)) return { ok: false, problem: 'minimum' };
  if (fraction.length > 2) return { ok: false, problem: 'decimals' };

  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return { ok: true, coins: cents * COINS_PER_CENT };
}

/** Whether 0.<fraction> is under the minimum, compared digit by digit. */
function belowMinimumFraction(fraction: string): boolean {
  const minimum = String(MINIMUM_CASHOUT_COINS).padStart(3, '0');
  const width = Math.max(fraction.length, minimum.length);
  return fraction.padEnd(width, '0') < minimum.padEnd(width, '0');
}
