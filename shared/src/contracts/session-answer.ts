/**
 * The session answer a signed-in page carries in its HTML: a contract between the site server (api/) and the
 * page's session check (`shared/src/api/session-probe.ts`).
 *
 * A request for a page with a live session cookie gets, at the end of the page's body, a
 * `<script type="application/json" id=…>` element with `SESSION_ANSWER_ELEMENT_ID` holding the `data` of the
 * `POST /user/Session` answer this request would get (the signed-in user's profile). The page's first session
 * check reads it instead of asking the API: one request less before a signed-in page can render. Such a page
 * is the user's own: `Cache-Control: private, no-store`.
 */
export const SESSION_ANSWER_ELEMENT_ID = 'session-answer';
