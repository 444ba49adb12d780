import { z } from 'zod';
import {
  MARK_READ_MAX_IDS,
  type MarkNotificationsReadPayload,
  type MarkNotificationsReadResult,
  NOTIFICATIONS_PAGE_DEFAULT,
  NOTIFICATIONS_PAGE_MAX,
} from '@rewards/shared/contracts/notifications';

const LIMIT_MESSAGE = `The limit must be a whole number from 1 to ${NOTIFICATIONS_PAGE_MAX}.`;
const CURSOR_MESSAGE = 'The cursor must be the next_cursor of an earlier page.';

export const listQuery = z.object({
  limit: z
    .string({ error: LIMIT_MESSAGE })
    .regex(/^\d{1,3}$/, LIMIT_MESSAGE)
    .transform(Number)
    .pipe(z.number().min(1, LIMIT_MESSAGE).max(NOTIFICATIONS_PAGE_MAX, LIMIT_MESSAGE))
    .optional()
    .transform((value) => value ?? NOTIFICATIONS_PAGE_DEFAULT),
  // The id of the last item of the page before: ids only grow, so a page never repeats nor skips an item.
  cursor: z
    .string({ error: CURSOR_MESSAGE })
    .regex(/^[1-9]\d{0,14}$/, CURSOR_MESSAGE)
    .transform(Number)
    .optional(),
});

const IDS_MESSAGE = `The ids must be a list of 1 to ${MARK_READ_MAX_IDS} notification ids.`;
const EITHER_MESSAGE = 'Send either ids (a list of notification ids) or all: true.';

export const markReadBody = z
  .object(
    {
      ids: z
        .array(z.number({ error: IDS_MESSAGE }).refine((id) => Number.isSafeInteger(id) && id >= 1, IDS_MESSAGE), { error: IDS_MESSAGE })
        .min(1, IDS_MESSAGE)
        .max(MARK_READ_MAX_IDS, IDS_MESSAGE)
        .optional(),
      all: z.literal(true, { error: 'The all field must be true.' }).optional(),
    },
    { error: 'The request body must be a JSON object.' },
  )
  .check((ctx) => {
    const { ids, all } = ctx.value;
    if ((ids === undefined) === (all === undefined)) ctx.issues.push({ code: 'custom', path: [], message: EITHER_MESSAGE, input: ctx.value });
  })
  .transform((body): MarkNotificationsReadPayload => (body.ids ? { ids: [...new Set(body.ids)] } : { all: true }));

// The kind as stored: a row of a kind no longer known still lists (it reads as a plain update).
const notificationItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  created_at: z.string(),
  read: z.boolean(),
});

export const listResponse = z.object({
  status: z.literal('success'),
  data: z.object({ items: z.array(notificationItem), unread: z.number().int(), next_cursor: z.string().nullable() }),
});

export const markReadResponse = z.object({
  status: z.literal('success'),
  data: z.object({ unread: z.number().int() }) satisfies z.ZodType<MarkNotificationsReadResult>,
});
