import { coinsToDollarString } from '@rewards/shared/rules/money';
import { type ConversionAction, refuseProblems } from '../../conversions/conversion-action';
import { digestHex, signatureMatches } from '../signature';
import { callbackParams, queryOf, USER_ID, type WallAdapter } from '../wall-adapter';
import { creditOf, providerCoins, providerId } from './provider-values';

/**
 * CPX Research survey callbacks (publisher dashboard, "Postback Settings"; their macros `{trans_id}`,
 * `{secure_hash}`, `{offer_ID}`, `{ip_click}`). The app currency is set to 1000 per $1 (our coins).
 * - status 1 credits `amount_local` once per trans_id (type complete, out = screen-out bonus, bonus);
 *   status 2 reverses the credit of the same trans_id;
 * - hash is md5(`{trans_id}-{secret}`): it covers the transaction only, not the user, amount or status,
 *   so in production CPX's callbacks must also come from CPX's addresses.
 */
const CREDIT = '1';
const REVERSAL = '2';

export const cpx: WallAdapter = {
  slug: 'cpx',
  title: 'CPX Research',
  docs: 'CPX Research publisher dashboard: Postback Settings (macros and secure hash)',
  callbackTemplate:
    '{site}/api/postback/cpx?status={status}&trans_id={trans_id}&user_id={user_id}&amount_local={amount_local}&amount_usd={amount_usd}&offer_id={offer_ID}&type={type}&ip_click={ip_click}&hash={secure_hash}',
  requiresIpAllowlist: true,
  defaultIps: ['188.40.3.73', '157.90.97.92', '2a01:4f8:d0a:30ff::2'],
  reply: { kind: 'envelope' },
  read(request): ConversionAction {
    const params = callbackParams(request);
    const userId = params.get('user_id') ?? '';
    const txid = providerId(params.get('trans_id'));
    const status = params.get('status') ?? '';
    const coins = providerCoins(params.get('amount_local'));
    const problems: Record<string, string[]> = {};
    if (!USER_ID.test(userId)) problems.user_id = ['The user_id must be our user id.'];
    if (txid === '') problems.trans_id = ['The trans_id must be a transaction id.'];
    if (status !== CREDIT && status !== REVERSAL) problems.status = ['The status must be 1 (completed) or 2 (canceled).'];
    if (coins === null) problems.amount_local = ['The amount_local must be a number of coins.'];
    refuseProblems(problems);
    if (status === REVERSAL) return { kind: 'reverse', txid, userId: Number(userId) };
    return creditOf(params, { txid, userId, coins: coins! }, { offer: 'offer_id', ip: 'ip_click' });
  },
  verify(request, secret) {
    const params = callbackParams(request);
    return signatureMatches(digestHex('md5', `${params.get('trans_id') ?? ''}-${secret}`), params.get('hash'));
  },
  sign({ base, userId, txid, coins, offerId, reverse }, secret) {
    const query = queryOf({
      status: reverse ? REVERSAL : CREDIT,
      trans_id: txid,
      user_id: String(userId),
      amount_local: String(coins),
      amount_usd: coinsToDollarString(coins),
      offer_id: offerId,
      type: 'complete',
      hash: digestHex('md5', `${txid}-${secret}`),
    });
    return { method: 'GET', url: `${base}/api/postback/cpx?${query}`, headers: {} };
  },
};
