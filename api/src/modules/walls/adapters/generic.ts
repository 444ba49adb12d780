import { z } from 'zod';
import { coinsToDollarString, dollarsToCoins } from '@rewards/shared/rules/money';
import { MAX_OFFER_PAYOUT_COINS } from '../../earn/catalog';
import { MalformedPostbackError } from '../../conversions/conversion-action';
import { hmacHex, signatureMatches } from '../signature';
import { callbackParams, queryOf, type WallAdapter } from '../wall-adapter';

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
 *   over the values exactly as sent. No value may hold `:`, so the signed text has exactly one reading.
 * The same fields may come as a form body (POST).
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

/** The separator of the signed text: refused inside values. */
export const GENERIC_SEPARATOR = ':';

export function genericSignedMessage(fields: GenericPostbackFields): string {
  return [fields.txid, fields.user_id, fields.offer_id, fields.event_id, fields.payout, fields.status].join(GENERIC_SEPARATOR);
}

export function signGenericPostback(secret: string, fields: GenericPostbackFields): string {
  return hmacHex('sha256', secret, genericSignedMessage(fields));
}

/** The query string of a signed postback (fields in the documented order, then sig). */
export function genericPostbackQuery(secret: string, fields: GenericPostbackFields): string {
  return queryOf({ ...fields, sig: signGenericPostback(secret, fields) });
}

// Visible ASCII but the separator: ids travel in URLs and ledger references; nothing invisible or confusable.
const ID = /^[\x21-\x39\x3b-\x7e]*$/;

const single = (label: string) => z.string({ error: `The ${label} must be given once, as text.` });
const id = (label: string, min: number) =>
  single(label)
    .min(min, `The ${label} field is required.`)
    .max(100, `The ${label} may not be greater than 100 characters.`)
    .regex(ID, `The ${label} may only hold visible ASCII characters other than "${GENERIC_SEPARATOR}".`);

export const genericPostbackQuerySchema = z.object({
  user_id: single('user id').regex(/^[1-9]\d{0,14}$/, 'The user id must be a positive whole number.'),
  offer_id: id('offer id', 0),
  event_id: id('event id', 0).optional().default(''),
  txid: id('txid', 1),
  payout: single('payout').regex(/^\d{1,9}(\.\d{1,3})?$/, 'The payout must be an amount of dollars like 1.50.'),
  status: z.enum(['1', '2'], { error: 'The status must be 1 (credit) or 2 (reversal).' }),
  sig: z.string().optional(),
});

export type ParsedGenericPostback = z.output<typeof genericPostbackQuerySchema>;

function parse(params: Map<string, string>): ParsedGenericPostback {
  const parsed = genericPostbackQuerySchema.safeParse(Object.fromEntries(params));
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[issue.path.map(String).join('.') || 'query'] ??= []).push(issue.message);
  throw new MalformedPostbackError(parsed.error.issues[0]?.message ?? 'Malformed postback.', errors);
}

/** The generic format under a wall's own slug (the demo wall, the partner walls of spec §2, configured ones). */
export function genericAdapter(slug: string, title: string): WallAdapter {
  return {
    slug,
    title,
    docs: 'docs/money.md: "Earning", the generic format',
    callbackTemplate: `{site}/api/postback/${slug}?user_id={user_id}&offer_id={offer_id}&event_id={event_id}&txid={txid}&payout={payout}&status={status}&sig={sig}`,
    requiresIpAllowlist: false,
    defaultIps: [],
    reply: { kind: 'envelope' },
    read(request) {
      const fields = parse(callbackParams(request));
      const userId = Number(fields.user_id);
      if (fields.status === POSTBACK_STATUS.reversal) return { kind: 'reverse', txid: fields.txid, userId };
      const payoutCoins = dollarsToCoins(fields.payout, { maxCoins: MAX_OFFER_PAYOUT_COINS });
      if (!payoutCoins) {
        throw new MalformedPostbackError('The payout of a credit must be more than 0 and at most 10000 dollars.', {
          payout: ['The payout of a credit must be more than 0 and at most 10000 dollars.'],
        });
      }
      return { kind: 'credit', txid: fields.txid, userId, partnerOfferId: fields.offer_id, partnerEventId: fields.event_id, payoutCoins };
    },
    verify(request, secret) {
      const fields = parse(callbackParams(request));
      return signatureMatches(signGenericPostback(secret, fields), fields.sig);
    },
    sign({ base, userId, txid, coins, offerId, eventId, reverse }, secret) {
      const fields: GenericPostbackFields = {
        user_id: String(userId),
        offer_id: offerId,
        event_id: eventId,
        txid,
        payout: coinsToPayout(coins),
        status: reverse ? POSTBACK_STATUS.reversal : POSTBACK_STATUS.credit,
      };
      return { method: 'GET', url: `${base}/api/postback/${slug}?${genericPostbackQuery(secret, fields)}`, headers: {} };
    },
  };
}

/** Dollars as the generic format sends them: at least 2 decimals, 3 when a coin needs it. */
export function coinsToPayout(coins: number): string {
  const dollars = coinsToDollarString(coins, 3);
  return dollars.endsWith('0') ? dollars.slice(0, -1) : dollars;
}
