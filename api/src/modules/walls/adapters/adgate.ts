import { coinsToDollarString } from '@rewards/shared/rules/money';
import { type ConversionAction, refuseProblems } from '../../conversions/conversion-action';
import { secretMatches } from '../signature';
import { callbackParams, queryOf, type WallAdapter } from '../wall-adapter';
import { creditOf, readCallbackCore } from './provider-values';

/**
 * AdGate Media offer-wall callbacks (docs.adgatemedia.com, "Postback Information"): conversion_id, s1 (our
 * user id), points (our coins: the wall pays 1000 per $1), payout, offer_id, vc_title, event_id, state.
 * AdGate signs nothing: the callback URL itself is the secret (our key as a path segment) and in production it
 * must come from AdGate's documented address.
 * - state approved (or no state: then AdGate sends approved ones only) credits once per conversion_id;
 *   rejected reverses that conversion_id; pending is acknowledged and waits for its approval.
 */
export const adgate: WallAdapter = {
  slug: 'adgate',
  title: 'AdGate Media',
  docs: 'https://docs.adgatemedia.com/postbacks/postback-information',
  callbackTemplate:
    '{site}/api/postback/adgate/{POSTBACK_SECRET_ADGATE}?conversion_id={conversion_id}&s1={s1}&points={points}&payout={payout}&offer_id={offer_id}&vc_title={vc_title}&event_id={event_id}&state={state}',
  requiresIpAllowlist: true,
  defaultIps: ['52.42.57.125'],
  secretInPath: true,
  reply: { kind: 'envelope' },
  read(request): ConversionAction {
    const params = callbackParams(request);
    const { userId, txid, coins, problems } = readCallbackCore(params, { user: 's1', txid: 'conversion_id', txidIs: 'a conversion id', coins: 'points' });
    const state = (params.get('state') ?? 'approved').toLowerCase();
    if (!['approved', 'rejected', 'pending'].includes(state)) problems.state = ['The state must be approved, rejected or pending.'];
    refuseProblems(problems);
    if (state === 'rejected') return { kind: 'reverse', txid, userId: Number(userId) };
    if (state === 'pending') return { kind: 'ignore', message: 'Pending conversion acknowledged; credited once approved.' };
    return creditOf(params, { txid, userId, coins: coins! }, { offer: 'offer_id', event: 'event_id', name: 'vc_title' });
  },
  verify: (request, secret) => secretMatches(secret, request.pathToken),
  sign({ base, userId, txid, coins, offerId, eventId, reverse }, secret) {
    const query = queryOf({
      conversion_id: txid,
      s1: String(userId),
      points: String(coins),
      payout: coinsToDollarString(coins),
      offer_id: offerId,
      event_id: eventId,
      state: reverse ? 'rejected' : 'approved',
    });
    return { method: 'GET', url: `${base}/api/postback/adgate/${encodeURIComponent(secret)}?${query}`, headers: {} };
  },
};
