import { z } from 'zod';
import { EARNING_KINDS,
  EARNING_TITLE_KEYS, EARNING_STATUSES, EARNINGS_PAGE_SIZE, type EarningsPage } from '@rewards/shared/contracts/earnings-types';
import { wholeNumberQuery } from '../../plugins/zod-schemas';
import { decodeCursor } from './service';

export const EARNINGS_MESSAGES = {
  cursor: 'The cursor must be a next_cursor this list gave.',
} as const;

/** `?limit=&cursor=`: limit 1-100 (20 when left out); cursor a next_cursor of an earlier page, decoded to its row id. */
export const earningsQuery = z.object({
  limit: wholeNumberQuery('limit', 1, EARNINGS_PAGE_SIZE.max, EARNINGS_PAGE_SIZE.default),
  cursor: z
    .string({ error: EARNINGS_MESSAGES.cursor })
    .transform((text, ctx) => {
      const id = decodeCursor(text);
      if (id === undefined) ctx.addIssue({ code: 'custom', message: EARNINGS_MESSAGES.cursor, input: text });
      return id ?? z.NEVER;
    })
    .optional(),
});

const dollars = z.string().regex(/^-?\d+\.\d{2}$/);

const earningSchema = z.object({
  id: z.number().int(),
  kind: z.enum(EARNING_KINDS),
  title: z.string(),
  title_key: z.enum(EARNING_TITLE_KEYS).nullable(),
  payout_method: z.string().nullable(),
  wall: z.string().nullable(),
  amount: dollars,
  status: z.enum(EARNING_STATUSES),
  available_at: z.string().nullable(),
  created_at: z.string(),
  reason: z.string().nullable(),
});

export const earningsResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    items: z.array(earningSchema),
    next_cursor: z.string().nullable(),
    reversal_rate: z.object({
      reversed: z.number().int(),
      credits: z.number().int(),
      percent: z.number(),
      window_days: z.number().int(),
      holds_longer: z.boolean(),
      above_percent: z.number().nullable(),
      min_reversals: z.number().int().nullable(),
      hold_days: z.number().int().nullable(),
    }),
  }) satisfies z.ZodType<EarningsPage>,
});
