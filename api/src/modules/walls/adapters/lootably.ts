import { coinsToDollarString } from '@rewards/shared/rules/money';
import { type ConversionAction, refuseProblems } from '../../conversions/conversion-action';
import { digestHex, signatureMatches } from '../signature';
import { callbackParams, queryOf, type WallAdapter } from '../wall-adapter';
import { creditOf, readCallbackCore } from './provider-values';

/**
 * Lootably offer callbacks (documentation.lootably.com, "Postbacks"): userID, transactionID, ip, offerID,
 * offerName, goalID, revenue, currencyReward (our coins: the placement pays 1000 per $1), status, hash.
 * - status 1 (or none) credits currencyReward once per transactionID; status 0 reverses that transactionID
 *   (Lootably's `{status}` macro; the list had no status);
 * - hash is sha256(`{userID}{ip}{revenue}{currencyReward}{secret}`): values run together, and neither the
 *   transaction nor the status is covered, so in production Lootably's callbacks must also come from an
 *   allowed address (POSTBACK_IPS_LOOTABLY: Lootably publishes none we could default to).
 */
const REVERSED = '0';

export const lootably: WallAdapter = {
  slug: 'lootably',
  title: 'Lootably',
  docs: 'https://documentation.lootably.com/docs/postbacks',
  callbackTemplate:
    '{site}/api/postback/lootably?userID={userID}&transactionID={transactionID}&ip={ip}&offerID={offerID}&offerName={offerName}&goalID={goalID}&revenue={revenue}&currencyReward={currencyReward}&status={status}&hash={hash}',
  requiresIpAllowlist: true,
  defaultIps: [],
  reply: { kind: 'text', success: '1' },
  read(request): ConversionAction {
    const params = callbackParams(request);
    const { userId, txid, coins, problems } = readCallbackCore(params, { user: 'userID', txid: 'transactionID', txidIs: 'a transaction id', coins: 'currencyReward' });
    const status = params.get('status') ?? '1';
    if (status !== '1' && status !== REVERSED) problems.status = ['The status must be 1 (credited) or 0 (reversed).'];
    refuseProblems(problems);
    if (status === REVERSED) return { kind: 'reverse', txid, userId: Number(userId) };
    return creditOf(params, { txid, userId, coins: coins! }, { offer: 'offerID', event: 'goalID', name: 'offerName', ip: 'ip' });
  },
  verify(request, secret) {
    const params = callbackParams(request);
    const signed = ['userID', 'ip', 'revenue', 'currencyReward'].map((name) => params.get(name) ?? '').join('');
    return signatureMatches(digestHex('sha256', `${signed}${secret}`), params.get('hash'));
  },
  sign({ base, userId, txid, coins, offerId, eventId, reverse }, secret) {
    const values = { userID: String(userId), ip: '203.0.113.7', revenue: coinsToDollarString(coins), currencyReward: String(coins) };
    const hash = digestHex('sha256', `${values.userID}${values.ip}${values.revenue}${values.currencyReward}${secret}`);
    const query = queryOf({ ...values, transactionID: txid, offerID: offerId, goalID: eventId, status: reverse ? REVERSED : '1', hash });
    return { method: 'GET', url: `${base}/api/postback/lootably?${query}`, headers: {} };
  },
};
