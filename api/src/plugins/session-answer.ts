import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_ANSWER_ELEMENT_ID } from '@rewards/shared/contracts/session-answer';

/** The Session call as the page's session check makes it, under the API's own prefix on this server. */
const SESSION_URL = '/api/user/Session';

/**
 * The user `POST /user/Session` answers this request's cookies with, as the browser's first session check
 * would get it; null for no one, an account the API refuses (blocked, held: the browser asks and shows why)
 * or any failure (the browser asks itself).
 */
export async function sessionAnswerFor(app: FastifyInstance, request: FastifyRequest): Promise<Record<string, unknown> | null> {
  const cookie = request.headers.cookie;
  if (!cookie) return null;
  try {
    const answer = await app.inject({ method: 'POST', url: SESSION_URL, headers: { cookie, accept: 'application/json' } });
    if (answer.statusCode !== 200) return null;
    const body = answer.json<{ status?: unknown; data?: unknown }>();
    const user = body.status === 'success' ? body.data : null;
    return typeof user === 'object' && user !== null && !Array.isArray(user) ? (user as Record<string, unknown>) : null;
  } catch (error) {
    app.log.error({ err: error }, 'the session answer for a page could not be read: the page asks the API itself');
    return null;
  }
}

/**
 * JSON that stays JSON inside a `<script>` element: no `<` (so no `</script>` or `<!--` can end or change the
 * element), and no `>`, `&` or the two line separators some parsers end a line at, each as its `\u` escape,
 * which `JSON.parse` reads back as the same character.
 */
export function scriptSafeJson(value: unknown): string {
  return scriptSafeJsonText(JSON.stringify(value));
}

/** `scriptSafeJson` of JSON text as it is (each escape stands inside a string, the one place such characters can be). */
export function scriptSafeJsonText(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The page with the session's user as data at the end of its body (at the end of a page without `</body>`, where
 * the parser puts it into the body too). No script runs it: the CSP is unchanged.
 */
export function withSessionAnswer(html: string, user: Record<string, unknown> | null): string {
  return user === null ? html : withJsonElement(html, SESSION_ANSWER_ELEMENT_ID, scriptSafeJson(user));
}

/** The page with `safeJson` (from `scriptSafeJson`) as the data element `id` at the end of its body. No script runs it. */
export function withJsonElement(html: string, id: string, safeJson: string): string {
  const block = `<script type="application/json" id="${id}">${safeJson}</script>`;
  const bodyEnd = html.lastIndexOf('</body>');
  return bodyEnd < 0 ? `${html}${block}` : `${html.slice(0, bodyEnd)}${block}${html.slice(bodyEnd)}`;
}
