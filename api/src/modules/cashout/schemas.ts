import { z } from 'zod';
import { MINIMUM_CASHOUT_DOLLARS } from '@rewards/shared/constants';
import { CASHOUT_AMOUNT_MESSAGES, cashoutAmountMessage, readCashoutAmount } from '@rewards/shared/rules/cashout-amount';
import type { Cashout, CashoutHistoryPage, CashoutResult, CashoutStats, PayoutMethodName } from '@rewards/shared/contracts/cashout-types';
import { CASHOUT_SUBMITTED_MESSAGE } from '@rewards/shared/contracts/cashout-types';
import { findPayoutMethod, PAYOUT_METHOD_NAMES } from '@rewards/shared/contracts/payout-methods';
import { CASHOUT_STATUSES } from '../../db/schema';
import { wholeNumberQuery } from '../../plugins/zod-schemas';

export const MAX_ACCOUNT_LENGTH = 200;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 100;
export const HISTORY_PER_PAGE_DEFAULT = 10;
export const HISTORY_PER_PAGE_MAX = 50;

/** What people read when Cashout/Store refuses; the frontend shows `message` as it is (spec §8). */
export const CASHOUT_MESSAGES = {
  submitted: CASHOUT_SUBMITTED_MESSAGE,
  chooseMethod: 'Please choose a payout method.',
  unknownMethod: 'Unknown payout method.',
  enterAccount: (label: string) => `Please enter your ${label}`,
  accountTooLong: `The account may not be greater than ${MAX_ACCOUNT_LENGTH} characters.`,
  accountCharacters: 'The account may not contain line breaks or control characters.',
  accountEmail: 'Please enter a valid email address.',
  ...CASHOUT_AMOUNT_MESSAGES,
  insufficientBalance: 'Insufficient balance.',
  dailyLimit: (limit: string) => `Daily withdrawal limit of ${limit} reached.`,
  idempotencyKey: `The Idempotency-Key header must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible characters.`,
  idempotencyKeyReused: 'This Idempotency-Key was used for a different request.',
  body: 'The request body must be a JSON object.',
  invalidCode: 'Invalid code.',
  emailUnverified: 'Verify your email before your first cashout.',
} as const;

const CONTROL_CHARACTERS = /[\p{Cc}\p{Zl}\p{Zp}]/u;
const EMAIL = z.email();

export type CashoutInput = { method: PayoutMethodName; account: string; amountCoins: number; stepUpCode?: string };

const MAX_STEP_UP_CODE_LENGTH = 32;

/**
 * Cashout/Store's body (spec §7): `wallet` (method name), `amount` in dollars (the text the user typed, or a number),
 * `account`. Checked in the order the form asks for them, so the first message is the one to fix first.
 */
export const storeCashoutBody = z
  .object(
    { wallet: z.unknown().optional(), amount: z.unknown().optional(), account: z.unknown().optional(), step_up_code: z.unknown().optional() },
    { error: CASHOUT_MESSAGES.body },
  )
  .transform((raw, ctx): CashoutInput => {
    const fail = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message, input: raw[field as keyof typeof raw] });

    const wallet = typeof raw.wallet === 'string' ? raw.wallet.trim().toLowerCase() : '';
    const method = findPayoutMethod(wallet);
    const noWallet = raw.wallet === undefined || raw.wallet === null || (typeof raw.wallet === 'string' && wallet === '');
    if (!method) fail('wallet', noWallet ? CASHOUT_MESSAGES.chooseMethod : CASHOUT_MESSAGES.unknownMethod);

    const account = typeof raw.account === 'string' ? raw.account.trim() : '';
    if (account === '') {
      if (method?.requiresAccount !== false) fail('account', CASHOUT_MESSAGES.enterAccount(method?.accountLabel ?? 'account'));
    } else if (account.length > MAX_ACCOUNT_LENGTH) {
      fail('account', CASHOUT_MESSAGES.accountTooLong);
    } else if (CONTROL_CHARACTERS.test(account)) {
      fail('account', CASHOUT_MESSAGES.accountCharacters);
    } else if (method?.accountKind === 'email' && !EMAIL.safeParse(account).success) {
      fail('account', CASHOUT_MESSAGES.accountEmail);
    }

    // The rule holds the site-wide floor (spec §9); a method may ask for more.
    const minimum = method?.minimum ?? MINIMUM_CASHOUT_DOLLARS;
    const amount = readCashoutAmount(raw.amount, minimum);
    if (!amount.ok) fail('amount', cashoutAmountMessage(amount.problem, minimum));

    // The code a risky cashout asks for (step_up_required); anything but a short text is not a code.
    const stepUpCode = typeof raw.step_up_code === 'string' ? raw.step_up_code.trim() : undefined;
    const noCode = raw.step_up_code === undefined || raw.step_up_code === null;
    if (!noCode && (stepUpCode === undefined || stepUpCode === '' || stepUpCode.length > MAX_STEP_UP_CODE_LENGTH)) fail('step_up_code', CASHOUT_MESSAGES.invalidCode);

    if (!method || !amount.ok) return z.NEVER;
    return { method: method.name, account, amountCoins: amount.coins, ...(stepUpCode ? { stepUpCode } : {}) };
  });

/** Optional `Idempotency-Key`: 1-100 visible ASCII characters (a UUID is what mf-cashout sends). */
export function parseIdempotencyKey(header: string | string[] | undefined): { ok: true; key: string | null } | { ok: false } {
  if (header === undefined) return { ok: true, key: null };
  if (typeof header !== 'string') return { ok: false };
  const pattern = new RegExp(`^[\\x21-\\x7e]{1,${MAX_IDEMPOTENCY_KEY_LENGTH}}$`);
  return pattern.test(header) ? { ok: true, key: header } : { ok: false };
}

export const historyQuery = z.object({
  page: wholeNumberQuery('page', 1, undefined, 1),
  per_page: wholeNumberQuery('per_page', 1, HISTORY_PER_PAGE_MAX, HISTORY_PER_PAGE_DEFAULT),
});

// ---- responses ----

const dollars = z.string().regex(/^-?\d+\.\d{2}$/);

export const cashoutSchema: z.ZodType<Cashout> = z.object({
  id: z.number().int(),
  method: z.enum(PAYOUT_METHOD_NAMES as [PayoutMethodName, ...PayoutMethodName[]]),
  amount: dollars,
  account: z.string(),
  status: z.enum(CASHOUT_STATUSES),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  provider_reference: z.string().nullable(),
  paid_at: z.string().nullable(),
});

export const storeCashoutResponse: z.ZodType<CashoutResult> = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ new_balance: dollars, cashout: cashoutSchema }),
});

export const cashoutStatsSchema: z.ZodType<CashoutStats> = z.object({
  current_balance: dollars,
  pending_amount: dollars,
  pending_count: z.number().int(),
  total_requested: dollars,
  total_approved: dollars,
  total_amount: dollars,
});

export const statsResponse = z.object({ status: z.literal('success'), data: cashoutStatsSchema });

export const historyResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    items: z.array(cashoutSchema),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }) satisfies z.ZodType<CashoutHistoryPage>,
});
