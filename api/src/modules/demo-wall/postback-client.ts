import { type GenericPostbackFields, genericPostbackQuery } from '../walls/adapters/generic';

export { coinsToPayout } from '../walls/adapters/generic';

/** How long a postback we send (demo wall, ops simulate) may take. */
export const POSTBACK_TIMEOUT_MS = 10_000;

export type PostbackReply = { statusCode: number; body: unknown; message: string };

/** The URL of a signed postback in our generic format. */
export function signedPostbackUrl(baseUrl: string, wall: string, secret: string, fields: GenericPostbackFields): string {
  return `${baseUrl.replace(/\/+$/, '')}/api/postback/${encodeURIComponent(wall)}?${genericPostbackQuery(secret, fields)}`;
}

/** Sends a postback over HTTP, as a partner's server would, and reads the envelope of the answer. */
export async function sendPostback(url: string): Promise<PostbackReply> {
  const response = await fetch(url, { method: 'GET', headers: { accept: 'application/json' }, signal: AbortSignal.timeout(POSTBACK_TIMEOUT_MS) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: keep the text.
  }
  const message =
    typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : `HTTP ${response.status}`;
  return { statusCode: response.status, body, message };
}
