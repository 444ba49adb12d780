import { createHmac, randomUUID } from 'node:crypto';

/**
 * The key the demo wall's postbacks are signed with. The site under test inherits this environment, so a
 * POSTBACK_SECRET_DEMO set here is the site's key too; without one the API (outside production) uses its
 * documented development key (docs/configuration.md, POSTBACK_SECRETS).
 */
function demoWallKey(): string {
  return process.env.POSTBACK_SECRET_DEMO?.trim() || 'dev-postback-secret';
}

export type DemoPostback = {
  userId: number;
  /** Dollars as the wall sends them, e.g. "2.00". */
  payout: string;
  /** The catalog offer credited; '' credits no offer of ours (a plain balance credit). */
  offerId?: string;
  eventId?: string;
  txid?: string;
};

type PostbackFields = { user_id: string; offer_id: string; event_id: string; txid: string; payout: string; status: '1' };

function fieldsOf({ userId, payout, offerId = '', eventId = '', txid = `e2e-${randomUUID()}` }: DemoPostback): PostbackFields {
  return { user_id: String(userId), offer_id: offerId, event_id: eventId, txid, payout, status: '1' };
}

/** The API's generic postback signature: HMAC-SHA256 over `txid:user_id:offer_id:event_id:payout:status`. */
function signatureOf(fields: PostbackFields): string {
  const message = [fields.txid, fields.user_id, fields.offer_id, fields.event_id, fields.payout, fields.status].join(':');
  return createHmac('sha256', demoWallKey()).update(message, 'utf8').digest('hex');
}

/** A credit postback of the demo wall, signed as the wall would sign it. */
export function signedDemoPostbackUrl(baseUrl: string, postback: DemoPostback): URL {
  const fields = fieldsOf(postback);
  const url = new URL('/api/postback/demo', baseUrl);
  for (const [name, value] of Object.entries({ ...fields, sig: signatureOf(fields) })) url.searchParams.set(name, value);
  return url;
}

/** Credits the user through a signed demo postback, as a partner's server would; throws unless accepted. */
export async function creditThroughDemoPostback(baseUrl: string, postback: DemoPostback): Promise<void> {
  const response = await fetch(signedDemoPostbackUrl(baseUrl, postback));
  if (response.status !== 200) throw new Error(`The demo postback answered ${response.status}: ${await response.text()}`);
}
