import { coinsToDollarString } from '@rewards/shared/rules/money';
import { type ConversionAction, MalformedPostbackError } from '../../conversions/conversion-action';
import { hmacHex, signatureMatches } from '../signature';
import { queryOf, type WallAdapter } from '../wall-adapter';
import { providerCoins, providerId, providerName } from './provider-values';

/**
 * BitLabs reward callbacks (developer.bitlabs.ai, "Callback parameters", "Securing callbacks through
 * hashing"). Configure the callback URL as
 *
 *   {site}/api/postback/bitlabs?uid=[%USER:UID%]&tx=[%TX%]&val=[%VALUE:CURRENCY%]&raw=[%VALUE:USD%]
 *     &type=[%TYPE%]&ref=[%REF%]&offer_id=[%OFFER:ID%]&task_id=[%OFFER:TASK:ID%]&offer_name=[%OFFER:NAME%]
 *
 * with the app currency set to our coins (1000 per USD), so `val` is the user's reward in coins. BitLabs
 * appends `&hash=`: the hex HMAC-SHA1 of the whole callback URL before it, keyed with the app secret.
 * - type COMPLETE / COMPLETED / SCREENOUT / START_BONUS (or none with a positive val) credits `val`, once per tx;
 * - type RECONCILIATION / RECONCILED (or none with a negative val) reverses the credit named by `ref`
 *   (the original tx; `tx` itself when no ref is sent);
 * - any other state (PENDING, ...) and a zero reward are acknowledged and ignored.
 */

const CREDIT_TYPES = new Set(['COMPLETE', 'COMPLETED', 'SCREENOUT', 'START_BONUS']);
const REVERSAL_TYPES = new Set(['RECONCILIATION', 'RECONCILED']);

const HASH_AT_END = /[?&]hash=([^&]*)$/;

/** The URL BitLabs signed: the request target exactly as received, without the trailing hash parameter. */
export function bitlabsSignedTarget(rawUrl: string): { target: string; hash: string | undefined } {
  const match = HASH_AT_END.exec(rawUrl);
  if (!match) return { target: rawUrl, hash: undefined };
  return { target: rawUrl.slice(0, match.index), hash: match[1] };
}

/**
 * Whether the trailing hash is the HMAC of the whole URL it was sent to: the wall hashes scheme and host too,
 * which behind a proxy we only know from PUBLIC_URL or the forwarded headers. BitLabs and Notik sign this way.
 */
export function urlHashValid(algorithm: 'sha1' | 'sha256', secret: string, origins: readonly string[], rawUrl: string): boolean {
  const { target, hash } = bitlabsSignedTarget(rawUrl);
  if (hash === undefined) return false;
  return origins.some((origin) => signatureMatches(hmacHex(algorithm, secret, `${origin}${target}`), hash));
}

export function bitlabsHashValid(secret: string, origins: readonly string[], rawUrl: string): boolean {
  return urlHashValid('sha1', secret, origins, rawUrl);
}

/** Reads a verified callback's parameters (the last value of a repeated one, as PHP would). */
export function bitlabsAction(params: URLSearchParams): ConversionAction {
  const get = (name: string) => params.getAll(name).at(-1);
  const uid = get('uid')?.trim() ?? '';
  const tx = providerId(get('tx'));
  const coins = providerCoins(get('val'));
  const problems: Record<string, string[]> = {};
  if (!/^[1-9]\d{0,14}$/.test(uid)) problems.uid = ['The uid must be our user id.'];
  if (tx === '') problems.tx = ['The tx must be a transaction id.'];
  if (coins === null) problems.val = ['The val must be a number of coins.'];
  if (Object.keys(problems).length > 0 || coins === null) throw new MalformedPostbackError(Object.values(problems)[0]![0]!, problems);

  const type = (get('type') ?? '').trim().toUpperCase();
  const userId = Number(uid);
  if (REVERSAL_TYPES.has(type) || (type === '' && coins < 0)) {
    return { kind: 'reverse', txid: providerId(get('ref')) || tx, userId };
  }
  if (!CREDIT_TYPES.has(type) && type !== '') return { kind: 'ignore', message: `Callback of type ${type.slice(0, 40)} acknowledged; nothing to credit.` };
  if (coins <= 0) return { kind: 'ignore', message: 'Nothing to credit.' };
  return {
    kind: 'credit',
    txid: tx,
    userId,
    partnerOfferId: providerId(get('offer_id')),
    partnerEventId: providerId(get('task_id')),
    payoutCoins: coins,
    offerName: providerName(get('offer_name')),
  };
}

export const bitlabs: WallAdapter = {
  slug: 'bitlabs',
  title: 'BitLabs',
  docs: 'https://developer.bitlabs.ai (Callback parameters; Securing callbacks through hashing)',
  callbackTemplate:
    '{site}/api/postback/bitlabs?uid=[%USER:UID%]&tx=[%TX%]&val=[%VALUE:CURRENCY%]&raw=[%VALUE:USD%]&type=[%TYPE%]&ref=[%REF%]&offer_id=[%OFFER:ID%]&task_id=[%OFFER:TASK:ID%]&offer_name=[%OFFER:NAME%]',
  requiresIpAllowlist: false,
  defaultIps: [],
  reply: { kind: 'envelope' },
  read: (request) => bitlabsAction(new URLSearchParams(request.rawQuery)),
  verify: (request, secret) => bitlabsHashValid(secret, request.origins, `${request.path}?${request.rawQuery}`),
  sign({ base, userId, txid, coins, offerId, eventId, reverse }, secret) {
    const query = queryOf({
      uid: String(userId),
      tx: reverse ? `r-${txid}` : txid,
      val: String(reverse ? -coins : coins),
      raw: coinsToDollarString(coins, 3),
      type: reverse ? 'RECONCILIATION' : 'COMPLETE',
      ref: txid,
      offer_id: offerId,
      task_id: eventId,
    });
    const target = `/api/postback/bitlabs?${query}`;
    return { method: 'GET', url: `${base}${target}&hash=${hmacHex('sha1', secret, `${base}${target}`)}`, headers: {} };
  },
};
