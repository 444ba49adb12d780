import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { coinsToDollarString } from '@rewards/shared/rules/money';
import { acceptFormBodies } from '../../plugins/form-body';
import { findCreditableUser } from '../conversions/crediting';
import type { Links } from '../earn/links';
import { isEventDone } from '../earn/progress';
import { creditedEvents, eventsByOffer, findOfferByPartnerId, listOffers, type OfferEventRow, type OfferRow } from '../earn/repository';
import { demoWallCsp, renderWallPage, type WallBanner, type WallOffer, type WallPage } from './page';
import { POSTBACK_STATUS } from '../walls/adapters/generic';
import { coinsToPayout, sendPostback, signedPostbackUrl } from './postback-client';
import { isKnownWall, type WallsConfig, wallSecret, wallTitle } from '../walls/registry';

export type DemoWallOptions = {
  walls: WallsConfig;
  links: Links;
  /** Where this server listens (HOST), to send the demo's postbacks to itself. */
  host: string;
  /** Origins besides our own allowed to frame the wall (PUBLIC_URL's). */
  frameAncestors: readonly string[];
};

/** The wall whose postbacks the demo sends: the demo wall signs with its own key, whatever page it is shown as. */
export const DEMO_WALL = 'demo';
const SELECTION_OFFERS = 6;
const SELECTION_TASKS = 4;
const MAX_FORM_BYTES = 4096;

type WallQuery = { user_id?: unknown; offer_id?: unknown };
type CompleteBody = { user_id?: unknown; offer_id?: unknown; event_id?: unknown; return_offer?: unknown };

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const userIdOf = (value: unknown) => (/^[1-9]\d{0,14}$/.test(textOf(value)) ? Number(textOf(value)) : null);

/** This server's own address, once it listens (the demo wall posts to itself over real HTTP). */
function ownBaseUrl(app: FastifyInstance, host: string): string | null {
  const address = app.server.address();
  if (address === null || typeof address !== 'object') return null;
  const name = ['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${address.port}`;
}

function tasksOf(offer: OfferRow, events: readonly OfferEventRow[], done: ReadonlySet<string>, limit: number) {
  if (events.length === 0) return [{ eventId: '', name: offer.title, payoutCoins: offer.payoutCoins, done: isEventDone('', done) }];
  return events.slice(0, limit).map((event) => ({ eventId: event.partnerEventId, name: event.name, payoutCoins: event.payoutCoins, done: isEventDone(event.partnerEventId, done) }));
}

/**
 * `GET /api/walls/:slug` (every known partner slug shows the demo wall: the embedded default) and
 * `POST /api/walls/:slug/complete`, which sends a freshly signed postback to this server's own
 * `/api/postback/demo` over HTTP and shows the outcome. For development and demos: it credits anyone,
 * so it is off in production unless DEMO_WALLS=1.
 */
export const demoWallRoutes: FastifyPluginAsync<DemoWallOptions> = async (app, { walls, links, host, frameAncestors }) => {
  const csp = demoWallCsp(frameAncestors);

  // The wall's forms are plain HTML forms (the frame runs no script of ours).
  acceptFormBodies(app, MAX_FORM_BYTES);

  async function pageFor(slug: string, userId: number | null, focusOfferId: string, banner?: WallBanner): Promise<WallPage> {
    let userProblem: string | undefined;
    if (userId !== null && !(await findCreditableUser(app.db, userId))) userProblem = `Unknown user #${userId}: sign in again to earn.`;
    const focus = focusOfferId ? await findOfferByPartnerId(app.db, focusOfferId) : undefined;
    const rows = focus ? [focus] : (await listOffers(app.db)).slice(0, SELECTION_OFFERS);
    const events = await eventsByOffer(
      app.db,
      rows.map((row) => row.id),
    );
    const credited = userId === null || userProblem ? new Map<string, Set<string>>() : await creditedEvents(app.db, userId, rows.map((row) => row.partnerOfferId));
    const offers: WallOffer[] = rows.map((row) => ({
      offerId: row.partnerOfferId,
      name: row.name,
      title: row.title,
      imageUrl: links.imageUrl(row.imageUrl),
      payoutCoins: row.payoutCoins,
      tasks: tasksOf(row, events.get(row.id) ?? [], credited.get(row.partnerOfferId) ?? new Set(), focus ? Number.MAX_SAFE_INTEGER : SELECTION_TASKS),
    }));
    const notFound: WallBanner | undefined = focusOfferId && !focus ? { kind: 'info', text: 'That offer is not on this wall any more; here are others.' } : undefined;
    return { slug, title: wallTitle(slug), userId, userProblem, focusOfferId: focus ? focusOfferId : '', offers, banner: banner ?? notFound };
  }

  const sendPage = (reply: FastifyReply, statusCode: number, page: WallPage) =>
    reply
      .code(statusCode)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', csp)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .send(renderWallPage(page));

  const unknownWall = (reply: FastifyReply, slug: string) =>
    sendPage(reply, 404, { slug, title: 'Unknown wall', userId: null, focusOfferId: '', offers: [], banner: { kind: 'error', text: `There is no wall called "${slug.slice(0, 40)}".` } });

  app.get<{ Params: { slug: string }; Querystring: WallQuery }>('/walls/:slug', async (request, reply) => {
    const { slug } = request.params;
    if (!isKnownWall(walls, slug)) return unknownWall(reply, slug);
    return sendPage(reply, 200, await pageFor(slug, userIdOf(request.query.user_id), textOf(request.query.offer_id).slice(0, 100)));
  });

  app.post<{ Params: { slug: string }; Body: CompleteBody | undefined }>('/walls/:slug/complete', async (request, reply) => {
    const { slug } = request.params;
    if (!isKnownWall(walls, slug)) return unknownWall(reply, slug);
    const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
    const userId = userIdOf(body.user_id);
    const focus = textOf(body.return_offer).slice(0, 100);
    const fail = async (statusCode: number, text: string) => sendPage(reply, statusCode, await pageFor(slug, userId, focus, { kind: 'error', text }));

    if (userId === null) return fail(422, 'Not credited: sign in to earn.');
    const offer = await findOfferByPartnerId(app.db, textOf(body.offer_id).slice(0, 100));
    if (!offer) return fail(404, 'Not credited: that offer is not on this wall.');
    const eventId = textOf(body.event_id);
    const events = (await eventsByOffer(app.db, [offer.id])).get(offer.id) ?? [];
    const event = events.find((candidate) => candidate.partnerEventId === eventId);
    if (eventId === '' ? events.length > 0 : !event) return fail(404, 'Not credited: that task is not part of the offer.');
    if (!(await findCreditableUser(app.db, userId))) return fail(404, 'Not credited: unknown user.');
    const done = (await creditedEvents(app.db, userId, [offer.partnerOfferId])).get(offer.partnerOfferId) ?? new Set();
    if (isEventDone(eventId, done)) return fail(409, 'Already completed: this task was credited before.');

    const secret = wallSecret(walls, DEMO_WALL);
    if (secret === null) return fail(503, 'Not credited: the demo wall has no postback key (POSTBACK_SECRET_DEMO).');
    const base = ownBaseUrl(app, host);
    if (base === null) return fail(503, 'Not credited: the server is not listening.');

    const payoutCoins = event?.payoutCoins ?? offer.payoutCoins;
    const fields = {
      user_id: String(userId),
      offer_id: offer.partnerOfferId,
      event_id: eventId,
      txid: `demo-${randomUUID()}`,
      payout: coinsToPayout(payoutCoins),
      status: POSTBACK_STATUS.credit,
    };
    let answer: Awaited<ReturnType<typeof sendPostback>>;
    try {
      answer = await sendPostback(signedPostbackUrl(base, DEMO_WALL, secret, fields));
    } catch (error) {
      request.log.error({ err: error }, 'demo wall postback failed');
      return fail(502, 'Not credited: the postback could not be sent.');
    }
    if (answer.statusCode !== 200) return fail(answer.statusCode >= 500 ? 502 : answer.statusCode, `Not credited: ${answer.message}`);
    return sendPage(reply, 200, await pageFor(slug, userId, focus, { kind: 'success', text: `Completed: +$${coinsToDollarString(payoutCoins)} credited` }));
  });
};
