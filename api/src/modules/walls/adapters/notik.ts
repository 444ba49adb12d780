import { coinsToDollarString } from '@rewards/shared/rules/money';
import { type ConversionAction, refuseProblems } from '../../conversions/conversion-action';
import { hmacHex } from '../signature';
import { queryOf, signedUrlParams, type WallAdapter } from '../wall-adapter';
import { urlHashValid } from './bitlabs';
import { creditOf, providerId, readCallbackCore } from './provider-values';

/**
 * Notik offer and survey callbacks (Notik "Postback Documentation"): user_id, amount (our coins at 1000 per
 * $1), payout, offer_id, offer_name, txn_id, event_id, conversion_ip, rewarded_txn_id, then `&hash=`: the hex
 * HMAC-SHA1, keyed with the app's secret, of the whole callback URL before it.
 * - a positive amount credits once per txn_id; a chargeback has a negative amount and its own txn_id, with
 *   rewarded_txn_id naming the credit it takes back;
 * - Notik sends only from 192.53.121.112: the production allowlist unless POSTBACK_IPS_NOTIK says otherwise;
 * - only the signed URL's parameters are read: a body (of a POST) is not signed, so it is ignored.
 */
export const notik: WallAdapter = {
  slug: 'notik',
  title: 'Notik',
  docs: 'Notik publisher documentation: Postback Documentation (parameters, hash, postback IP)',
  callbackTemplate:
    '{site}/api/postback/notik?user_id={user_id}&amount={amount}&payout={payout}&offer_id={offer_id}&offer_name={offer_name}&event_id={event_id}&txn_id={txn_id}&rewarded_txn_id={rewarded_txn_id}&conversion_ip={conversion_ip}',
  requiresIpAllowlist: false,
  defaultIps: ['192.53.121.112'],
  reply: { kind: 'text', success: '1' },
  read(request): ConversionAction {
    const params = signedUrlParams(request);
    const { userId, txid, coins, problems } = readCallbackCore(params, { user: 'user_id', txid: 'txn_id', txidIs: 'a transaction id', coins: 'amount' });
    const rewarded = providerId(params.get('rewarded_txn_id'));
    if (coins !== null && coins < 0 && rewarded === '') problems.rewarded_txn_id = ['A chargeback must name the rewarded_txn_id it takes back.'];
    refuseProblems(problems);
    if (coins! < 0) return { kind: 'reverse', txid: rewarded, userId: Number(userId) };
    return creditOf(params, { txid, userId, coins: coins! }, { offer: 'offer_id', event: 'event_id', name: 'offer_name', ip: 'conversion_ip' });
  },
  verify: (request, secret) => urlHashValid('sha1', secret, request.origins, `${request.path}?${request.rawQuery}`),
  sign({ base, userId, txid, coins, offerId, eventId, reverse }, secret) {
    const query = queryOf({
      user_id: String(userId),
      amount: String(reverse ? -coins : coins),
      payout: coinsToDollarString(reverse ? -coins : coins),
      offer_id: offerId,
      event_id: eventId,
      txn_id: reverse ? `cb-${txid}` : txid,
      rewarded_txn_id: reverse ? txid : '',
      conversion_ip: '0.0.0.0',
    });
    const target = `/api/postback/notik?${query}`;
    return { method: 'GET', url: `${base}${target}&hash=${hmacHex('sha1', secret, `${base}${target}`)}`, headers: {} };
  },
};
