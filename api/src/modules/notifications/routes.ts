import { intlLocale } from '@rewards/shared/i18n/locales';
import { authOf } from '../../plugins/auth';
import { requestLocale } from '../../plugins/request-locale';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import { listQuery, listResponse, markReadBody, markReadResponse } from './schemas';
import { markRead, notificationsPage } from './service';

/** The notification centre: `GET /api/notifications` and `POST /api/notifications/read`, a user's own only. */
export const notificationRoutes: ZodPlugin = async (app) => {
  app.get('/notifications', { onRequest: app.requireUser, schema: { querystring: listQuery, response: { 200: listResponse } } }, async (request) => {
    const { limit, cursor } = request.query;
    const { user } = authOf(request);
    // The reader's language: theirs, else the page's (the request's `lang` cookie or Accept-Language), else English.
    const locale = intlLocale(requestLocale(request, user.language));
    return { status: 'success' as const, data: await notificationsPage(app.db, user.id, { limit, cursor, locale }) };
  });

  app.post('/notifications/read', { onRequest: app.requireUser, schema: { body: markReadBody, response: { 200: markReadResponse } } }, async (request) => {
    return { status: 'success' as const, data: { unread: await markRead(app.db, authOf(request).user.id, request.body) } };
  });
};
