import type { FastifyRequest } from 'fastify';
import { authOf, setSessionCookie } from '../../plugins/auth';
import { rateLimitAddress } from '../../plugins/rate-limit';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import { ValidationError } from '../../domain-errors';
import type { Mailer } from '../account/mailer';
import { deviceIdFor, isKnownDevice, readDeviceId, setDeviceCookie } from '../account/known-devices';
import { findUserById } from '../account/repository';
import { clientOf } from '../account/routes';
import { messageResponse, signedInResponse } from '../account/schemas';
import { MESSAGES as ACCOUNT_MESSAGES, profileOf } from '../account/service';
import { challengeExpired, completeLoginChallenge, liveChallenge, resendLoginCode } from './challenges';
import { TWO_FACTOR_MESSAGES as MESSAGES } from './messages';
import { codeBody, disableBody, resendBody, secondStepBody, setupResponse, totpEnabledResponse, userChangedResponse } from './schemas';
import { disableTwoFactor, enableEmail, enableTotp, sendSettingsCode, setUpTotp, type TwoFactorDeps } from './service';

export type TwoFactorRoutesOptions = { mailer: Mailer; appSecret: string };

/**
 * Two-factor sign-in: Settings (`/user/2fa/*`, signed in) and the sign-in's second step (`/user/Login/2fa`).
 * Each change is notified (`two_factor_changed`, emailed under the security preference).
 */
export const twoFactorRoutes: ZodPlugin<TwoFactorRoutesOptions> = async (app, { mailer, appSecret }) => {
  const deps: TwoFactorDeps = { db: app.db, mailer, appSecret, log: app.log };
  const perAddress = (request: FastifyRequest) => app.enforceRateLimits([{ limit: 'two_factor_ip', key: rateLimitAddress(request) }]);
  const settings = { onRequest: app.requireUser, preHandler: perAddress };

  app.post('/user/2fa/totp/setup', { ...settings, schema: { response: { 200: setupResponse } } }, async (request) => {
    return { status: 'success' as const, data: await setUpTotp(deps, authOf(request).user.id) };
  });

  app.post('/user/2fa/totp/enable', { ...settings, schema: { body: codeBody, response: { 200: totpEnabledResponse } } }, async (request) => {
    const { user, notification, recoveryCodes } = await enableTotp(deps, authOf(request).user.id, request.body.code);
    void app.deliverNotifications([notification]);
    return { status: 'success' as const, message: MESSAGES.enabled, data: { recovery_codes: recoveryCodes, user: await profileOf(app.db, user) } };
  });

  app.post('/user/2fa/email/send', { ...settings, schema: { response: { 200: messageResponse } } }, async (request) => {
    await sendSettingsCode(deps, authOf(request).user.id);
    return { status: 'success' as const, message: MESSAGES.codeSent };
  });

  app.post('/user/2fa/email/enable', { ...settings, schema: { body: codeBody, response: { 200: userChangedResponse } } }, async (request) => {
    const { user, notification } = await enableEmail(deps, authOf(request).user.id, request.body.code);
    void app.deliverNotifications([notification]);
    return { status: 'success' as const, message: MESSAGES.enabled, data: { user: await profileOf(app.db, user) } };
  });

  app.post('/user/2fa/disable', { ...settings, schema: { body: disableBody, response: { 200: userChangedResponse } } }, async (request) => {
    const { user, notification } = await disableTwoFactor(deps, authOf(request).user.id, request.body);
    void app.deliverNotifications([notification]);
    return { status: 'success' as const, message: MESSAGES.disabled, data: { user: await profileOf(app.db, user) } };
  });

  // Per address, and per account for wrong codes from every address together (given back for a right code,
  // and never held against a browser that signed in to the account before: a stranger who knows the password
  // cannot lock the owner out). Each challenge also dies after 5 wrong codes.
  app.post('/user/Login/2fa', { preHandler: perAddress, schema: { body: secondStepBody, response: { 200: signedInResponse } } }, async (request, reply) => {
    const challenge = await liveChallenge(deps, request.body.challenge);
    if (!challenge) throw challengeExpired();
    const owner = await findUserById(app.db, challenge.userId);
    const known = owner ? await isKnownDevice(app.db, owner.email, readDeviceId(request)) : false;
    const accountLimit = known ? [] : [{ limit: 'two_factor_account' as const, key: String(challenge.userId) }];
    await app.enforceRateLimits(accountLimit);
    const deviceId = deviceIdFor(request);
    const { token, user, newSignIn } = await completeLoginChallenge(deps, request.body, clientOf(request), deviceId).catch(async (error: unknown) => {
      if (!(error instanceof ValidationError)) await app.giveBackRateLimitHits(accountLimit);
      throw error;
    });
    await app.giveBackRateLimitHits(accountLimit);
    if (newSignIn) void app.deliverNotifications([newSignIn]);
    setDeviceCookie(request, reply, deviceId);
    setSessionCookie(request, reply, token);
    return { status: 'success' as const, message: ACCOUNT_MESSAGES.loggedIn, data: { user: await profileOf(app.db, user) } };
  });

  app.post('/user/Login/2fa/resend', { preHandler: perAddress, schema: { body: resendBody, response: { 200: messageResponse } } }, async (request) => {
    await resendLoginCode(deps, request.body.challenge);
    return { status: 'success' as const, message: MESSAGES.codeResent };
  });
};
