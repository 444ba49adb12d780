import { coinsToDollarString } from '@rewards/shared/rules/money';
import { type ConversionAction, MalformedPostbackError } from '../../conversions/conversion-action';
import { hmacHex, signatureMatches } from '../signature';
import type { WallAdapter } from '../wall-adapter';
import { providerCoins, providerId, providerName } from './provider-values';

/**
 * ayeT-Studios offerwall conversion callbacks (docs.ayetstudios.com, "Offerwall Callbacks", "HMAC Security
 * Hash"). Configure the placement's callback URL as
 *
 *   {site}/api/postback/ayetstudios?uid={external_identifier}&transaction_id={transaction_id}
 *     &currency_amount={currency_amount}&payout_usd={payout_usd}&offer_id={offer_id}&offer_name={offer_name}
 *     &is_chargeback={is_chargeback}
 *
 * with the currency conversion rate 1000 per $1 (our coins), and reversal callbacks enabled. Every callback
 * carries `X-Ayetstudios-Security-Hash`: the hex HMAC-SHA256, keyed with the publisher API key, of all
 * query parameters sorted by name and joined as PHP's http_build_query writes them.
 * - is_chargeback=1 reverses the credit of the same transaction_id;
 * - otherwise a positive currency_amount credits once per transaction_id; zero is acknowledged and ignored.
 */

export const AYET_HASH_HEADER = 'x-ayetstudios-security-hash';

/** PHP's urlencode: letters, digits and -_. stay; space is +; everything else is %XX of its UTF-8 bytes. */
export function phpUrlencode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** PHP's urldecode: + is a space, %XX a byte; a malformed escape stays as written. */
function phpUrldecode(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const hex = text.slice(i + 1, i + 3);
    if (char === '%' && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else if (char === '+') {
      bytes.push(0x20);
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * The parameters of a raw query string as PHP's $_GET holds them (a repeated name keeps its last value).
 * Names PHP would turn into arrays or rename (`[`, `.`, space) are refused: ayeT sends none.
 */
export function phpQueryParams(rawQuery: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const pair of rawQuery.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = phpUrldecode(equals === -1 ? pair : pair.slice(0, equals));
    const value = equals === -1 ? '' : phpUrldecode(pair.slice(equals + 1));
    if (name === '' || /[[\]. ]/.test(name)) throw new MalformedPostbackError(`Unsupported parameter name "${name.slice(0, 40)}".`);
    params.set(name, value);
  }
  return params;
}

/** The string ayeT signs: parameters sorted by name (byte order, like ksort SORT_STRING), http_build_query style. */
export function ayetSignedString(params: ReadonlyMap<string, string>): string {
  return [...params.keys()]
    .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
    .map((name) => `${phpUrlencode(name)}=${phpUrlencode(params.get(name)!)}`)
    .join('&');
}

export function ayetHashValid(secret: string, params: ReadonlyMap<string, string>, header: string | undefined): boolean {
  return signatureMatches(hmacHex('sha256', secret, ayetSignedString(params)), header?.trim());
}

export function ayetAction(params: ReadonlyMap<string, string>): ConversionAction {
  const uid = (params.get('uid') ?? params.get('external_identifier') ?? '').trim();
  const txid = providerId(params.get('transaction_id'));
  const coins = providerCoins(params.get('currency_amount'));
  const problems: Record<string, string[]> = {};
  if (!/^[1-9]\d{0,14}$/.test(uid)) problems.uid = ['The uid must be our user id.'];
  if (txid === '') problems.transaction_id = ['The transaction_id must be a transaction id.'];
  if (coins === null) problems.currency_amount = ['The currency_amount must be a number of coins.'];
  if (Object.keys(problems).length > 0 || coins === null) throw new MalformedPostbackError(Object.values(problems)[0]![0]!, problems);

  const userId = Number(uid);
  if ((params.get('is_chargeback') ?? '').trim() === '1') return { kind: 'reverse', txid, userId };
  if (coins <= 0) return { kind: 'ignore', message: 'Nothing to credit.' };
  return {
    kind: 'credit',
    txid,
    userId,
    partnerOfferId: providerId(params.get('offer_id')),
    partnerEventId: providerId(params.get('task_id')),
    payoutCoins: coins,
    offerName: providerName(params.get('offer_name')),
  };
}

export const ayetstudios: WallAdapter = {
  slug: 'ayetstudios',
  title: 'ayeT-Studios',
  docs: 'https://docs.ayetstudios.com (Offerwall Callbacks; HMAC Security Hash)',
  callbackTemplate:
    '{site}/api/postback/ayetstudios?uid={external_identifier}&transaction_id={transaction_id}&currency_amount={currency_amount}&payout_usd={payout_usd}&offer_id={offer_id}&offer_name={offer_name}&is_chargeback={is_chargeback}',
  requiresIpAllowlist: false,
  defaultIps: [],
  reply: { kind: 'envelope' },
  read: (request) => ayetAction(phpQueryParams(request.rawQuery)),
  verify: (request, secret) => ayetHashValid(secret, phpQueryParams(request.rawQuery), request.headers[AYET_HASH_HEADER]),
  sign({ base, userId, txid, coins, offerId, eventId, reverse }, secret) {
    const params = new Map<string, string>([
      ['uid', String(userId)],
      ['transaction_id', txid],
      ['currency_amount', String(reverse ? -coins : coins)],
      ['payout_usd', coinsToDollarString(coins, 3)],
      ['offer_id', offerId],
      ['task_id', eventId],
      ['is_chargeback', reverse ? '1' : '0'],
    ]);
    const query = ayetSignedString(params);
    return { method: 'GET', url: `${base}/api/postback/ayetstudios?${query}`, headers: { [AYET_HASH_HEADER]: hmacHex('sha256', secret, query) } };
  },
};
