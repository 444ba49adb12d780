import { intlLocale } from '@rewards/shared/i18n/locales';
import { authOf, clearSessionCookie } from '../../plugins/auth';
import { requestLocale } from '../../plugins/request-locale';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import { EMAIL_VERIFICATION_MESSAGES, resendEmailCode, verifyEmail } from './email-verification';
import { messageResponse, sessionIdParams, sessionsResponse, verifyEmailBody } from './schemas';
import type { AccountDeps } from './service';
import { SESSIONS_MESSAGES, sessionIdOf, signedInSessions, signOutOtherSessions, signOutSession } from './signed-in-sessions';

export type SecurityRoutesOptions = { deps: AccountDeps };

/**
 * What a signed-in user does for the account's safety: verify the email with the mailed code (and ask for
 * another), see where the account is signed in and sign those sessions out. Under /api/user.
 */
export const accountSecurityRoutes: ZodPlugin<SecurityRoutesOptions> = async (app, { deps }) => {
  app.post(
    '/user/verify-email',
    { onRequest: app.requireUser, schema: { body: verifyEmailBody, response: { 200: messageResponse } } },
    async (request) => {
      const notification = await verifyEmail(deps, authOf(request).user.id, request.body.code);
      if (notification) void app.deliverNotifications([notification]);
      return { status: 'success' as const, message: EMAIL_VERIFICATION_MESSAGES.verified };
    },
  );

  // At most one code a minute and ten a day per account, counted in the database (every instance sees them).
  app.post('/user/verify-email/resend', { onRequest: app.requireUser, schema: { response: { 200: messageResponse } } }, async (request) => {
    return { status: 'success' as const, message: await resendEmailCode(deps, authOf(request).user.id) };
  });

  app.get('/user/sessions', { onRequest: app.requireUser, schema: { response: { 200: sessionsResponse } } }, async (request) => {
    const { user, sessionId } = authOf(request);
    // Devices in the reader's language: theirs, else the page's, else English.
    const locale = intlLocale(requestLocale(request, user.language));
    return { status: 'success' as const, data: await signedInSessions(app.db, user.id, sessionId, locale) };
  });

  app.delete(
    '/user/sessions/:id',
    { onRequest: app.requireUser, schema: { params: sessionIdParams, response: { 200: messageResponse } } },
    async (request, reply) => {
      const { user, sessionId } = authOf(request);
      const id = sessionIdOf(request.params.id);
      await signOutSession(app.db, user.id, id);
      // Signing out this very browser is signing out.
      if (id === sessionId) clearSessionCookie(request, reply);
      return { status: 'success' as const, message: SESSIONS_MESSAGES.signedOut };
    },
  );

  app.post('/user/sessions/revoke-others', { onRequest: app.requireUser, schema: { response: { 200: messageResponse } } }, async (request) => {
    const { user, sessionId } = authOf(request);
    await signOutOtherSessions(app.db, user.id, sessionId);
    return { status: 'success' as const, message: SESSIONS_MESSAGES.signedOutOthers };
  });
};
