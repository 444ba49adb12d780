import { coinsToDollarString } from '@rewards/shared/rules/money';
import { type ConversionAction, refuseProblems } from '../../conversions/conversion-action';
import { digestHex, signatureMatches } from '../signature';
import { callbackParams, queryOf, USER_ID, type WallAdapter } from '../wall-adapter';
import { creditOf, providerCoins, providerId } from './provider-values';

/**
 * Revlum offer callbacks (developer.revlum.com, "POST Postback" and "Postback Security"): subId (our user
 * id), transId, offerId, offerName, event_id, reward (our coins: the app pays 1000 per $1), payout, userIp,
 * status, debug, signature. Revlum POSTs them as a form (GET with the same names works too); we answer `ok`.
 * - status 1 credits once per transId; status 2 is a chargeback of that transId; debug=1 test calls book nothing;
 * - signature is md5(`{subId}{transId}{reward}{secret}`): values run together without separators, so one signed
 *   text could be read as another transaction (digits moved between transId and reward). Each signed text
 *   books at most one credit (crediting refuses a second reading);
 * - the signature covers neither status nor debug, so a callback seen once could be replayed as a chargeback:
 *   in production Revlum's callbacks must also come from its addresses, and Revlum publishes none, so they are
 *   refused until POSTBACK_IPS_REVLUM names the addresses Revlum gives you.
 */
const CREDIT = '1';
const CHARGEBACK = '2';

function signedValues(params: Map<string, string>): string {
  return ['subId', 'transId', 'reward'].map((name) => params.get(name) ?? '').join('');
}

export const revlum: WallAdapter = {
  slug: 'revlum',
  title: 'Revlum',
  docs: 'https://developer.revlum.com/docs/post-postback and /docs/postback-security-1',
  callbackTemplate: '{site}/api/postback/revlum (POST; Revlum sends subId, transId, offerId, offerName, event_id, reward, payout, userIp, status, debug, signature)',
  requiresIpAllowlist: true,
  defaultIps: [],
  reply: { kind: 'text', success: 'ok' },
  read(request): ConversionAction {
    const params = callbackParams(request);
    const userId = params.get('subId') ?? '';
    const txid = providerId(params.get('transId'));
    const coins = providerCoins(params.get('reward'));
    const status = params.get('status') ?? '';
    const problems: Record<string, string[]> = {};
    if (!USER_ID.test(userId)) problems.subId = ['The subId must be our user id.'];
    if (txid === '' || txid !== params.get('transId')) problems.transId = ['The transId must be a transaction id.'];
    if (coins === null || coins < 0) problems.reward = ['The reward must be a number of coins.'];
    if (status !== CREDIT && status !== CHARGEBACK) problems.status = ['The status must be 1 (credit) or 2 (chargeback).'];
    refuseProblems(problems);
    if (params.get('debug') === '1') return { kind: 'ignore', message: 'Test postback acknowledged; nothing booked.' };
    if (status === CHARGEBACK) return { kind: 'reverse', txid, userId: Number(userId) };
    const action = creditOf(params, { txid, userId, coins: coins! }, { offer: 'offerId', event: 'event_id', name: 'offerName', ip: 'userIp' });
    return action.kind === 'credit' ? { ...action, signedContent: signedValues(params) } : action;
  },
  verify(request, secret) {
    const params = callbackParams(request);
    return signatureMatches(digestHex('md5', `${signedValues(params)}${secret}`), params.get('signature'));
  },
  sign({ base, userId, txid, coins, offerId, eventId, reverse }, secret) {
    const values = { subId: String(userId), transId: txid, reward: `${coins}.0` };
    const body = queryOf({
      ...values,
      offerId,
      event_id: eventId,
      payout: coinsToDollarString(coins),
      status: reverse ? CHARGEBACK : CREDIT,
      debug: '0',
      signature: digestHex('md5', `${values.subId}${values.transId}${values.reward}${secret}`),
    });
    return { method: 'POST', url: `${base}/api/postback/revlum`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body };
  },
};
