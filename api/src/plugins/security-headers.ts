import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { NON_PAGE_DIRECTIVES, pageOriginOf, type SitePolicyInputs, serializePolicy, sitePolicyDirectives } from './content-security-policy';

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/** Files other origins load without CORS (a shell elsewhere runs our remotes and shows our offer images). */
const CROSS_ORIGIN_RESOURCES = ['/remotes/', '/api/assets/'];

export type SecurityHeadersOptions = {
  /** Anything but development and test: HSTS goes out even when no proxy told us the request came over TLS. */
  production: boolean;
};

/**
 * The headers a helmet middleware sets, read once: with fixed options (no directive is a function) they are
 * the same on every answer. @fastify/helmet built the middleware again for every request, about 5% of an API
 * call's CPU time.
 */
export function helmetHeadersOf(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Helmet's headers on every answer: nosniff, Referrer-Policy, X-Frame-Options, COOP, CORP and a
 * Content-Security-Policy that lets an API answer load and be framed by nothing. The shell page replaces that
 * policy with the site's (`applySitePolicy`); the demo wall and offer SVGs set their own.
 */
const securityHeaders: FastifyPluginAsync<SecurityHeadersOptions> = async (app, { production }) => {
  const headers = helmetHeadersOf({
    contentSecurityPolicy: { useDefaults: false, directives: NON_PAGE_DIRECTIVES },
    // Paths after the origin can hold referral codes and user ids: partners see our origin only.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Sent per request below: only where the request came over TLS (or in production).
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    // Browsers ignore HSTS on plain HTTP, so production may send it even when its proxy is not trusted.
    if (request.protocol === 'https' || production) reply.header('strict-transport-security', HSTS_VALUE);
    const path = request.url.split('?')[0] ?? '';
    if (CROSS_ORIGIN_RESOURCES.some((prefix) => path.startsWith(prefix))) reply.header('cross-origin-resource-policy', 'cross-origin');
  });
};

// Not encapsulated: the headers apply to every route, whichever plugin registers it.
export const securityHeadersPlugin = fp(securityHeaders, { name: 'security-headers' });

export type SitePolicySources = Omit<SitePolicyInputs, 'page' | 'inlineScripts'>;

/** Puts the site's policy, for the origin this request reached and the inline scripts of this answer, on the shell page's answer. */
export function applySitePolicy(request: FastifyRequest, reply: FastifyReply, sources: SitePolicySources, inlineScripts: readonly string[] = []): void {
  const page = pageOriginOf(request.protocol, request.host);
  reply.header('content-security-policy', serializePolicy(sitePolicyDirectives({ ...sources, page, inlineScripts })));
}
