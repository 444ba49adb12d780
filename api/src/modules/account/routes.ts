import type { FastifyRequest } from 'fastify';
import type { UserProfile } from '@rewards/shared/contracts/api-types';
import { UnauthorizedError } from '../../domain-errors';
import { authenticate, authOf, clearSessionCookie, setSessionCookie } from '../../plugins/auth';
import { rateLimitAddress, rateLimitSubject } from '../../plugins/rate-limit';
import { setLanguageCookie } from '../../plugins/request-locale';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import { rememberSignupOrigin } from '../referrals/signup-origin';
import { sendFirstEmailCode } from './email-verification';
import type { Mailer } from './mailer';
import { deviceIdFor, isKnownDevice, readDeviceId, rememberDevice, setDeviceCookie } from './known-devices';
import { findLiveSessionWithTotals } from './repository';
import { accountSecurityRoutes } from './security-routes';
import {
  forgotPasswordBody,
  languageResponse,
  loginBody,
  loginResponse,
  messageResponse,
  profileResponse,
  registerBody,
  resetPasswordBody,
  sessionResponse,
  signedInResponse,
  updateEmailPreferencesBody,
  updateLanguageBody,
  updateProfileBody,
  verifyOtpBody,
} from './schemas';
import * as account from './service';
import { MESSAGES } from './service';
import type { ClientInfo } from './sign-in-session';

export type AccountRoutesOptions = { mailer: Mailer; appSecret: string };

export function clientOf(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return { userAgent: typeof userAgent === 'string' ? userAgent : null, ip: request.ip };
}

/** The account calls of spec §7 under /api/user (sign-up, sign-in, profile, sign-out, delete, password reset). */
export const accountRoutes: ZodPlugin<AccountRoutesOptions> = async (app, { mailer, appSecret }) => {
  const deps: account.AccountDeps = { db: app.db, mailer, appSecret, log: app.log };
  await app.register(accountSecurityRoutes, { deps });

  app.post('/user/Register', { schema: { body: registerBody, response: { 201: signedInResponse } } }, async (request, reply) => {
    await app.enforceRateLimits([{ limit: 'register_ip', key: rateLimitAddress(request) }]);
    const { token, user } = await account.register(app.db, request.body, clientOf(request));
    await rememberSignupOrigin(app.db, request, reply, user.id);
    await rememberDevice(app.db, request, reply, user.id);
    setSessionCookie(request, reply, token);
    await sendFirstEmailCode(deps, user);
    const profile: UserProfile = await account.profileOf(app.db, user);
    return reply.code(201).send({ status: 'success', message: MESSAGES.registered, data: { user: profile } });
  });

  app.post('/user/Login', { schema: { body: loginBody, response: { 200: loginResponse } } }, async (request, reply) => {
    const { email } = request.body;
    const address = rateLimitAddress(request);
    await app.enforceRateLimits([
      { limit: 'login', key: `${address}:${rateLimitSubject(email)}` },
      { limit: 'login_ip', key: address },
    ]);
    // Per account, from every address together: counted before the password is checked, so a burst of
    // concurrent guesses gets no more checks than the limit, and given back when the password was right (the
    // owner's sign-ins never use it up). Once it is used up even the right password waits for the window
    // to end, except from a browser that signed in to this account before: a stranger cannot lock the owner out.
    const knownDevice = await isKnownDevice(app.db, email, readDeviceId(request));
    const accountLimit = knownDevice ? [] : [{ limit: 'login_account' as const, key: rateLimitSubject(email) }];
    await app.enforceRateLimits(accountLimit);
    const deviceId = deviceIdFor(request);
    const outcome = await account.login(deps, request.body, clientOf(request), deviceId).catch(async (error: unknown) => {
      if (!(error instanceof UnauthorizedError)) await app.giveBackRateLimitHits(accountLimit);
      throw error;
    });
    await app.giveBackRateLimitHits(accountLimit);
    // The browser keeps its id for the second step, which records it as known once passed.
    setDeviceCookie(request, reply, deviceId);
    if ('secondStep' in outcome) return { status: 'success' as const, message: MESSAGES.secondStep, data: outcome.secondStep };
    const { token, user, newSignIn } = outcome;
    if (newSignIn) void app.deliverNotifications([newSignIn]);
    setSessionCookie(request, reply, token);
    return { status: 'success' as const, message: MESSAGES.loggedIn, data: { user: await account.profileOf(app.db, user) } };
  });

  // requireUser's checks, with the profile's totals read in the same query as the session.
  app.post('/user/Profile', { schema: { response: { 200: profileResponse } } }, async (request) => {
    const { user, totals, unreadNotifications, staffRole } = await authenticate(app, request, findLiveSessionWithTotals);
    return { status: 'success' as const, data: account.toProfile(user, totals, unreadNotifications, staffRole) };
  });

  // A page's first question, "is anyone signed in?": for a visitor "no one" is an answer, not an error, so it is
  // 200 with no user and the browser logs no failed request. The rest is Profile's: the profile, and 403 for a
  // blocked or held account.
  app.post('/user/Session', { schema: { response: { 200: sessionResponse } } }, async (request) => {
    try {
      const { user, totals, unreadNotifications, staffRole } = await authenticate(app, request, findLiveSessionWithTotals);
      return { status: 'success' as const, data: account.toProfile(user, totals, unreadNotifications, staffRole) };
    } catch (error) {
      if (error instanceof UnauthorizedError) return { status: 'success' as const, data: null };
      throw error;
    }
  });

  app.post(
    '/user/UpdateProfile',
    { preHandler: app.requireUser, schema: { body: updateProfileBody, response: { 200: signedInResponse } } },
    async (request) => {
      const user = await account.updateProfile(app.db, authOf(request).user.id, request.body);
      return { status: 'success' as const, message: MESSAGES.profileUpdated, data: { user: await account.profileOf(app.db, user) } };
    },
  );

  app.post(
    '/user/email-preferences',
    { onRequest: app.requireUser, schema: { body: updateEmailPreferencesBody, response: { 200: signedInResponse } } },
    async (request) => {
      const user = await account.updateEmailPreferences(app.db, authOf(request).user.id, request.body);
      return { status: 'success' as const, message: MESSAGES.emailPreferencesSaved, data: { user: await account.profileOf(app.db, user) } };
    },
  );

  app.put('/user/language', { onRequest: app.requireUser, schema: { body: updateLanguageBody, response: { 200: languageResponse } } }, async (request, reply) => {
    const language = await account.updateLanguage(app.db, authOf(request).user.id, request.body.language);
    setLanguageCookie(request, reply, language);
    return { status: 'success' as const, data: { language } };
  });

  // Signing out always succeeds: without a live session there is nothing to revoke, and the cookie goes anyway.
  app.post('/user/logout', { preHandler: app.identifyUser, schema: { response: { 200: messageResponse } } }, async (request, reply) => {
    if (request.auth) await account.logout(app.db, request.auth.sessionId);
    clearSessionCookie(request, reply);
    return { status: 'success' as const, message: MESSAGES.loggedOut };
  });

  app.post('/user/DeleteAccount', { preHandler: app.requireUser, schema: { response: { 200: messageResponse } } }, async (request, reply) => {
    await account.deleteAccount(app.db, authOf(request).user.id);
    clearSessionCookie(request, reply);
    return { status: 'success' as const, message: MESSAGES.deleted };
  });

  // Per address and per address + email only: a per-email limit would let a stranger keep the owner's own
  // requests refused. Per account, the codes mailed and wrong tries are capped by day (see service.ts).
  app.post('/user/forgot-password', { schema: { body: forgotPasswordBody, response: { 200: messageResponse } } }, async (request) => {
    const address = rateLimitAddress(request);
    await app.enforceRateLimits([
      { limit: 'forgot', key: `${address}:${rateLimitSubject(request.body.email)}` },
      { limit: 'forgot_ip', key: address },
    ]);
    await account.forgotPassword(deps, request.body);
    return { status: 'success' as const, message: MESSAGES.otpSent };
  });

  const otpLimits = (request: FastifyRequest, email: string) =>
    app.enforceRateLimits([
      { limit: 'otp', key: `${rateLimitAddress(request)}:${rateLimitSubject(email)}` },
      { limit: 'otp_ip', key: rateLimitAddress(request) },
    ]);

  app.post('/user/verify-otp', { schema: { body: verifyOtpBody, response: { 200: messageResponse } } }, async (request) => {
    await otpLimits(request, request.body.email);
    await account.verifyOtp(deps, request.body);
    return { status: 'success' as const, message: MESSAGES.otpVerified };
  });

  app.post('/user/reset-password', { schema: { body: resetPasswordBody, response: { 200: messageResponse } } }, async (request, reply) => {
    await otpLimits(request, request.body.email);
    const notification = await account.resetPassword(deps, request.body);
    // After the commit, never failing the reset: the live push and the email that always goes out.
    void app.deliverNotifications([notification]);
    // The reset forgot the account's browsers; the one that used the code (it read the owner's email) is known.
    await rememberDevice(app.db, request, reply, notification.userId);
    return { status: 'success' as const, message: MESSAGES.passwordReset };
  });
};
