import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors';
import { ayetAction, ayetHashValid, AYET_HASH_HEADER, phpQueryParams } from './ayetstudios';
import { bitlabsAction, bitlabsHashValid } from './bitlabs';
import { type ConversionAction, MalformedPostbackError } from './conversion-action';
import { creditCoinsOf, genericPostbackQuerySchema, signGenericPostback } from './generic-postback';
import { applyConversion, POSTBACK_MESSAGES, type PostbackDeps } from './postback-service';
import { isKnownWall, type WallsConfig, wallSecret } from './registry';
import { signatureMatches } from './signature';

export type PostbackRoutesOptions = { walls: WallsConfig; publicUrl: string | undefined };

const BITLABS = 'bitlabs';
const AYETSTUDIOS = 'ayetstudios';

function rawQueryOf(request: FastifyRequest): string {
  const url = request.raw.url ?? '';
  const mark = url.indexOf('?');
  return mark === -1 ? '' : url.slice(mark + 1);
}

function malformed(error: MalformedPostbackError): HttpError {
  return new HttpError(422, error.message, { errors: error.errors });
}

/**
 * Server-to-server postbacks of the walls (GET, as partners send them). Checked in this order: the wall is
 * known (404), it has a key (403 in production without one), the format (422), the signature (403), then
 * the booking: 200 for a credit, a repeat, a reversal; 404 for an unknown user or a reversal of nothing.
 * Nothing changes unless every check passed.
 */
export const postbackRoutes: FastifyPluginAsync<PostbackRoutesOptions> = async (app, { walls, publicUrl }) => {
  const deps: PostbackDeps = { db: app.db, realtime: app.realtime, log: app.log };
  const secretOf = (wall: string) => {
    const secret = wallSecret(walls, wall);
    if (secret === null) throw new HttpError(403, POSTBACK_MESSAGES.notConfigured);
    return secret;
  };
  const answer = async (wall: string, action: ConversionAction) => {
    const { message } = await applyConversion(deps, wall, action);
    return { status: 'success' as const, message };
  };

  app.get(`/postback/${BITLABS}`, async (request) => {
    const secret = secretOf(BITLABS);
    const origins = [publicUrl?.replace(/\/+$/, ''), `${request.protocol}://${request.host}`].filter((origin): origin is string => Boolean(origin));
    const params = new URLSearchParams(rawQueryOf(request));
    let action: ConversionAction;
    try {
      action = bitlabsAction(params);
    } catch (error) {
      if (error instanceof MalformedPostbackError) throw malformed(error);
      throw error;
    }
    if (!bitlabsHashValid(secret, origins, request.raw.url ?? '')) throw new HttpError(403, POSTBACK_MESSAGES.badSignature);
    return answer(BITLABS, action);
  });

  app.get(`/postback/${AYETSTUDIOS}`, async (request) => {
    const secret = secretOf(AYETSTUDIOS);
    let params: Map<string, string>;
    let action: ConversionAction;
    try {
      params = phpQueryParams(rawQueryOf(request));
      action = ayetAction(params);
    } catch (error) {
      if (error instanceof MalformedPostbackError) throw malformed(error);
      throw error;
    }
    const header = request.headers[AYET_HASH_HEADER];
    if (!ayetHashValid(secret, params, typeof header === 'string' ? header : undefined)) throw new HttpError(403, POSTBACK_MESSAGES.badSignature);
    return answer(AYETSTUDIOS, action);
  });

  app.get<{ Params: { wall: string } }>('/postback/:wall', async (request) => {
    const { wall } = request.params;
    if (!isKnownWall(walls, wall)) throw new HttpError(404, POSTBACK_MESSAGES.unknownWall);
    const secret = secretOf(wall);
    const parsed = genericPostbackQuerySchema.safeParse(request.query);
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (errors[issue.path.map(String).join('.') || 'query'] ??= []).push(issue.message);
      throw new HttpError(422, parsed.error.issues[0]?.message ?? 'Malformed postback.', { errors });
    }
    const fields = parsed.data;
    const sig = typeof fields.sig === 'string' ? fields.sig : undefined;
    // Signed over the values exactly as sent (event_id '' when absent).
    if (!signatureMatches(signGenericPostback(secret, fields), sig)) throw new HttpError(403, POSTBACK_MESSAGES.badSignature);

    const userId = Number(fields.user_id);
    if (fields.status === '2') return answer(wall, { kind: 'reverse', txid: fields.txid, userId });
    const payoutCoins = creditCoinsOf(fields.payout);
    if (payoutCoins === null) {
      const message = 'The payout of a credit must be more than 0 and at most 10000 dollars.';
      throw new HttpError(422, message, { errors: { payout: [message] } });
    }
    return answer(wall, {
      kind: 'credit',
      txid: fields.txid,
      userId,
      partnerOfferId: fields.offer_id,
      partnerEventId: fields.event_id,
      payoutCoins,
    });
  });
};
