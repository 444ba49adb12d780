import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { chooseLocale, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS, type Locale, type SiteLocale } from '@rewards/shared/i18n/locales';
import { cookieIsSecure } from './auth';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the pseudo-language (en-XA) may be chosen: development and tests only. */
    pseudoLocaleOffered: boolean;
  }
}

/** The request being answered, for work it starts that does not get it passed (the emails it sends). */
const currentRequest = new AsyncLocalStorage<FastifyRequest>();

export const requestLocalePlugin = fp<{ pseudoLocaleOffered: boolean }>(
  async (app, { pseudoLocaleOffered }) => {
    app.decorate('pseudoLocaleOffered', pseudoLocaleOffered);
    app.addHook('onRequest', (request, _reply, done) => currentRequest.run(request, done));
  },
  { name: 'request-locale' },
);

/**
 * The language a request asks for: the signed-in user's choice when given, then the `lang` cookie, then
 * `Accept-Language`, else English. The pseudo-language only where the server offers it (development).
 */
export function requestLocale(request: FastifyRequest, userLanguage?: string | null): SiteLocale {
  const cookie = request.cookies?.[LANGUAGE_COOKIE];
  const acceptLanguage = request.headers['accept-language'];
  return chooseLocale({
    userLanguage,
    cookie: typeof cookie === 'string' ? cookie : undefined,
    acceptLanguage: typeof acceptLanguage === 'string' ? acceptLanguage : undefined,
    pseudo: request.server.pseudoLocaleOffered === true,
  });
}

/** Keeps the chosen language in the browser for a year (the page's script reads it: not HttpOnly). */
export function setLanguageCookie(request: FastifyRequest, reply: FastifyReply, locale: Locale): void {
  reply.setCookie(LANGUAGE_COOKIE, locale, { path: '/', maxAge: LANGUAGE_COOKIE_MAX_AGE_SECONDS, sameSite: 'lax', secure: cookieIsSecure(request) });
}

/** The language of the request being answered (see requestLocale), or undefined outside one (workers, commands). */
export function localeOfCurrentRequest(): SiteLocale | undefined {
  const request = currentRequest.getStore();
  return request ? requestLocale(request) : undefined;
}
