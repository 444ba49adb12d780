import { z } from 'zod';
import { dollarsToCoins } from '@rewards/shared/rules/money';
import { MAX_OFFER_PAYOUT_COINS } from '../earn/catalog';
import { hmacHex } from './signature';

/**
 * Our own postback format, for the demo wall and any partner that adopts it:
 *
 *   GET /api/postback/<wall>?user_id=&offer_id=&event_id=&txid=&payout=&status=&sig=
 *
 * - user_id: our user's id (the click link carried it); offer_id / event_id: the partner's ids (event_id
 *   may be empty: the whole offer); txid: the partner's transaction id, unique per wall;
 * - payout: the user's reward in dollars, a decimal string with at most 3 decimals ("1.50");
 * - status: 1 credit, 2 reversal of the credit with that same txid (its payout is not used: we take back
 *   exactly what that credit booked);
 * - sig: lowercase hex HMAC-SHA256, keyed with the wall's secret, of `txid:user_id:offer_id:event_id:payout:status`
 *   over the values exactly as sent.
 */
export type GenericPostbackFields = {
  user_id: string;
  offer_id: string;
  event_id: string;
  txid: string;
  payout: string;
  status: '1' | '2';
};

export const POSTBACK_STATUS = { credit: '1', reversal: '2' } as const;

export function genericSignedMessage(fields: GenericPostbackFields): string {
  return [fields.txid, fields.user_id, fields.offer_id, fields.event_id, fields.payout, fields.status].join(':');
}

export function signGenericPostback(secret: string, fields: GenericPostbackFields): string {
  return hmacHex('sha256', secret, genericSignedMessage(fields));
}

/** The query string of a signed postback (fields in the documented order, then sig). */
export function genericPostbackQuery(secret: string, fields: GenericPostbackFields): string {
  const params = new URLSearchParams({ ...fields, sig: signGenericPostback(secret, fields) });
  return params.toString();
}

// Visible ASCII: ids travel in URLs and ledger references; nothing invisible or confusable.
const ID = /^[\x21-\x7e]*$/;

const single = (label: string) => z.string({ error: `The ${label} must be given once, as text.` });
const id = (label: string, min: number) =>
  single(label)
    .min(min, `The ${label} field is required.`)
    .max(100, `The ${label} may not be greater than 100 characters.`)
    .regex(ID, `The ${label} may only hold visible ASCII characters.`);

export const genericPostbackQuerySchema = z.object({
  user_id: single('user id').regex(/^[1-9]\d{0,14}$/, 'The user id must be a positive whole number.'),
  offer_id: id('offer id', 0),
  event_id: id('event id', 0).optional().default(''),
  txid: id('txid', 1),
  payout: single('payout').regex(/^\d{1,9}(\.\d{1,3})?$/, 'The payout must be an amount of dollars like 1.50.'),
  status: z.enum(['1', '2'], { error: 'The status must be 1 (credit) or 2 (reversal).' }),
  sig: z.unknown().optional(),
});

export type ParsedGenericPostback = z.output<typeof genericPostbackQuerySchema>;

/** The payout of a credit as coins; null when it is not a positive amount we accept. */
export function creditCoinsOf(payout: string): number | null {
  const coins = dollarsToCoins(payout);
  return coins !== null && coins > 0 && coins <= MAX_OFFER_PAYOUT_COINS ? coins : null;
}
