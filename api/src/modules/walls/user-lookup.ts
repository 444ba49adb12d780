import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../plugins/errors';
import { findUserByEmail } from '../account/repository';
import { hmacHex, signatureMatches } from './signature';

/**
 * `POST /api/ops/user-id` {email, timestamp, signature}: the id of a user, for `pnpm ops postback:simulate
 * --email` while the server runs (on PGlite the ops tool cannot open the server's database). Signed like
 * this with APP_SECRET, which the ops tool reads from the same configuration; a signature lives 5 minutes.
 * Refused in production while APP_SECRET is the public development default.
 */
export const USER_LOOKUP_PATH = '/api/ops/user-id';
export const USER_LOOKUP_TTL_MS = 5 * 60_000;

export function userLookupMessage(email: string, timestamp: number): string {
  return `user-id:${timestamp}:${email}`;
}

export function signUserLookup(appSecret: string, email: string, timestamp: number): string {
  return hmacHex('sha256', appSecret, userLookupMessage(email, timestamp));
}

export type UserLookupOptions = { appSecret: string; refused: boolean };

export const userLookupRoutes: FastifyPluginAsync<UserLookupOptions> = async (app, { appSecret, refused }) => {
  app.post<{ Body: unknown }>('/ops/user-id', async (request) => {
    if (refused) throw new HttpError(403, 'Set APP_SECRET to use this.', { code: 'secret_not_set' });
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const timestamp = typeof body.timestamp === 'number' && Number.isSafeInteger(body.timestamp) ? body.timestamp : NaN;
    const signature = typeof body.signature === 'string' ? body.signature : undefined;
    if (email === '' || email.length > 254 || Number.isNaN(timestamp)) throw new HttpError(422, 'Expected {email, timestamp, signature}.');
    if (Math.abs(Date.now() - timestamp) > USER_LOOKUP_TTL_MS || !signatureMatches(signUserLookup(appSecret, email, timestamp), signature)) {
      throw new HttpError(403, 'Invalid signature.', { code: 'invalid_signature' });
    }
    const user = await findUserByEmail(app.db, email);
    if (!user) throw new HttpError(404, `No user with email ${email}`, { code: 'unknown_user' });
    return { status: 'success' as const, data: { id: user.id } };
  });
};
