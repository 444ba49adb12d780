import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { recordSignupOrigin } from './self-referral';

/**
 * The browser's device id: a random value in a long-lived cookie, made when an account is made in a browser
 * without one. Two accounts made in one browser share it (the self-referral check compares it).
 */
export const DEVICE_COOKIE = 'earnly_device';
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const DEVICE_COOKIE_MAX_AGE_SECONDS = 2 * 365 * 24 * 3600;

function deviceIdOf(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[DEVICE_COOKIE];
  if (existing && DEVICE_ID.test(existing)) return existing;
  const fresh = randomBytes(16).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, fresh, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
  return fresh;
}

/**
 * Remembers where this account was made (address, device cookie), for the self-referral check; the first
 * call for a user wins. Called by account registration and Google sign-in. Never fails the sign-up: a
 * missing origin only means one signal less.
 */
export async function rememberSignupOrigin(db: Database, request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  try {
    await recordSignupOrigin(db, userId, { ip: request.ip, deviceId: deviceIdOf(request, reply) });
  } catch (error) {
    request.log.warn({ err: error, userId }, 'sign-up origin could not be recorded');
  }
}
