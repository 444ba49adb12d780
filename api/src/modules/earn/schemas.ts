import { z } from 'zod';
import type { MyOffer, Offer, OffersRequest, Platform, StartOfferRequest } from '@rewards/shared/contracts/offer-types';
import { PLATFORMS } from '../../db/schema';

export const EARN_MESSAGES = {
  started: 'Offer started.',
  offerNotFound: 'Offer not found.',
  body: 'The request body must be a JSON object.',
} as const;

const MAX_DEVICE_FIELD = 512;

/** A device-info field (spec §3): any short string; the frontend sends '' for what it does not know. */
const deviceField = z.string({ error: 'Must be a string.' }).max(MAX_DEVICE_FIELD, `May not be greater than ${MAX_DEVICE_FIELD} characters.`).optional();

/** PC, Android or iOS in any case; absent, empty or All means every platform (spec §2 chips). */
const deviceFilter = z
  .string({ error: `The device must be one of ${PLATFORMS.join(', ')}.` })
  .optional()
  .transform((value, ctx): Platform | undefined => {
    const wanted = value?.trim().toLowerCase() ?? '';
    if (wanted === '' || wanted === 'all') return undefined;
    const platform = PLATFORMS.find((name) => name.toLowerCase() === wanted);
    if (!platform) {
      ctx.addIssue({ code: 'custom', message: `The device must be one of ${PLATFORMS.join(', ')}.` });
      return z.NEVER;
    }
    return platform;
  });

/** Offers/Get: the device info of spec §3; a request without a body lists every offer. */
export const offersRequestBody = z.preprocess(
  (body) => (body === undefined || body === null || body === '' ? {} : body),
  z.object(
    {
      country_code: deviceField,
      ip: deviceField,
      device: deviceFilter,
      device_os: deviceField,
      device_type: deviceField,
      user_agent: deviceField,
      device_name: deviceField,
    },
    { error: EARN_MESSAGES.body },
  ),
);

export const startOfferBody = z.object(
  {
    offer_id: z
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'The offer id field is required.' : 'The offer id must be a string.') })
      .trim()
      .min(1, 'The offer id field is required.')
      .max(100, 'The offer id may not be greater than 100 characters.'),
  },
  { error: EARN_MESSAGES.body },
);

// A parsed body must fit the shared contract, or this does not compile.
type Checked<Body extends Payload, Payload> = Body;
export type OffersInput = Checked<z.output<typeof offersRequestBody>, Partial<OffersRequest>>;
export type StartOfferInput = Checked<z.output<typeof startOfferBody>, StartOfferRequest>;

// ---- responses: exactly the shapes of @rewards/shared/contracts/offer-types ----

export const offerSchema: z.ZodType<Offer> = z.object({
  id: z.number().int(),
  offer_id: z.string(),
  name: z.string(),
  title: z.string(),
  image_url: z.string(),
  description: z.string(),
  description2: z.string().nullable(),
  description3: z.string().nullable(),
  categories: z.array(z.string()),
  rate: z.number().min(0).max(5),
  payout: z.number(),
  click_url: z.string(),
  events: z.array(z.object({ id: z.number().int(), name: z.string(), payout: z.number() })),
});

export const myOfferSchema: z.ZodType<MyOffer> = z.object({
  id: z.number().int(),
  offer_id: z.string(),
  name: z.string(),
  image_url: z.string(),
  description: z.string(),
  payout_cents: z.number().int(),
  platform: z.enum(['All', ...PLATFORMS]),
  status: z.enum(['active', 'completed', 'expired']),
  completed_steps: z.array(z.number().int()),
  total_steps: z.number().int(),
  events: z.array(
    z.object({ id: z.number().int(), name: z.string(), payout: z.number(), completed: z.boolean(), status: z.union([z.literal(0), z.literal(1)]) }),
  ),
  click_url: z.string(),
});

export const offersResponse = z.object({ status: z.literal('success'), data: z.array(offerSchema) });
export const myOffersResponse = z.object({ status: z.literal('success'), data: z.array(myOfferSchema) });
export const startOfferResponse = z.object({ status: z.literal('success'), message: z.string() });
