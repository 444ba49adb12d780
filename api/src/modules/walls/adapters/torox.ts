import { coinsToDollarString } from '@rewards/shared/rules/money';
import { type ConversionAction, refuseProblems } from '../../conversions/conversion-action';
import { digestHex, signatureMatches } from '../signature';
import { callbackParams, queryOf, USER_ID, type WallAdapter } from '../wall-adapter';
import { creditOf, providerCoins, providerId } from './provider-values';

/**
 * Torox (formerly OfferToro) offer callbacks ("Postback" documentation: id, oid, amount, currency_name,
 * user_id, payout, o_name, sig). The placement's currency equivalent is set to 1000 per $1 (our coins).
 * - a positive amount credits once per `id` (the conversion); a negative amount reverses the credit of that `id`;
 * - sig is md5(`{oid}-{user_id}-{secret}`): an oid holding `-` is refused so the signed text has one reading.
 *   It covers neither the conversion nor the amount, so in production Torox's callbacks must also come from
 *   Torox's address.
 */
const SEPARATOR = '-';

export const torox: WallAdapter = {
  slug: 'torox',
  title: 'Torox',
  docs: 'Torox publisher documentation: Postback (parameters, sig)',
  callbackTemplate: '{site}/api/postback/torox?id={id}&oid={oid}&amount={amount}&currency_name={currency_name}&user_id={user_id}&payout={payout}&o_name={o_name}&sig={sig}',
  requiresIpAllowlist: true,
  defaultIps: ['54.175.173.245'],
  reply: { kind: 'text', success: '1' },
  read(request): ConversionAction {
    const params = callbackParams(request);
    const userId = params.get('user_id') ?? '';
    const txid = providerId(params.get('id'));
    const offerId = params.get('oid') ?? '';
    const coins = providerCoins(params.get('amount'));
    const problems: Record<string, string[]> = {};
    if (!USER_ID.test(userId)) problems.user_id = ['The user_id must be our user id.'];
    if (txid === '') problems.id = ['The id must be a conversion id.'];
    if (offerId !== '' && (providerId(offerId) !== offerId || offerId.includes(SEPARATOR))) {
      problems.oid = [`The oid must be an offer id without "${SEPARATOR}".`];
    }
    if (coins === null) problems.amount = ['The amount must be a number of coins.'];
    refuseProblems(problems);
    if (coins! < 0) return { kind: 'reverse', txid, userId: Number(userId) };
    return creditOf(params, { txid, userId, coins: coins! }, { offer: 'oid', name: 'o_name' });
  },
  verify(request, secret) {
    const params = callbackParams(request);
    return signatureMatches(digestHex('md5', `${params.get('oid') ?? ''}${SEPARATOR}${params.get('user_id') ?? ''}${SEPARATOR}${secret}`), params.get('sig'));
  },
  sign({ base, userId, txid, coins, offerId, reverse }, secret) {
    const query = queryOf({
      id: txid,
      oid: offerId,
      amount: String(reverse ? -coins : coins),
      currency_name: 'Earnly',
      user_id: String(userId),
      payout: coinsToDollarString(coins),
      o_name: offerId,
      sig: digestHex('md5', `${offerId}${SEPARATOR}${userId}${SEPARATOR}${secret}`),
    });
    return { method: 'GET', url: `${base}/api/postback/torox?${query}`, headers: {} };
  },
};
