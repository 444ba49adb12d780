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

/**
 * The page with `<html lang>` set to the locale: the first `<html>` tag's value replaced or added, or, in a
 * page that leaves the tag out, the tag written after the doctype.
 */
export function withHtmlLang(html: string, locale: SiteLocale): string {
  const tag = /<html\b[^>]*>/i.exec(html);
  if (!tag) {
    const doctype = /^\s*<!doctype[^>]*>/i.exec(html)?.[0] ?? '';
    return `${doctype}<html lang="${locale}">${html.slice(doctype.length)}`;
  }
  const attributes = tag[0].slice(5, -1).replace(/\s+lang\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+)/i, '');
  return `${html.slice(0, tag.index)}<html lang="${locale}"${attributes}>${html.slice(tag.index + tag[0].length)}`;
}

/** A Vary header's names with `names` added once each (case-insensitive), for answers that depend on them. */
export function varyWith(current: unknown, names: readonly string[]): string {
  const listed = (Array.isArray(current) ? current.join(',') : typeof current === 'string' ? current : '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  for (const name of names) if (!listed.some((existing) => existing.toLowerCase() === name.toLowerCase())) listed.push(name);
  return listed.join(', ');
}
