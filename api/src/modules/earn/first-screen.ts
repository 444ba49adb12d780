/**
 * /Earn's first screen for a signed-in user (`@rewards/shared/contracts/offers-first-screen`): the Featured Offers
 * rendered by the build of mf-earn the request's runtime config names, with its prerender bundle, once per
 * catalog version and language; and the user's own `Offers/Get` answer for All as data in the page.
 */
import { stat } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { PRERENDER_BUNDLE_FILE } from '@rewards/shared/content/published-content';
import type { Offer } from '@rewards/shared/contracts/offer-types';
import { OFFERS_FIRST_SCREEN_ELEMENT_ID, OFFERS_FIRST_SCREEN_PATH, type OffersFirstScreenInput } from '@rewards/shared/contracts/offers-first-screen';
import { answerFromWorker } from '../../plugins/bundle-worker';
import type { MemberFirstScreenSource } from '../../plugins/prerendered-page';
import { createRenderCache } from '../../plugins/render-cache';
import { scriptSafeJsonText } from '../../plugins/session-answer';
import type { OffersCatalog } from './catalog-cache';

/** Renders kept: a few builds (release, canary, working) × languages × the latest catalog versions. */
const MAX_RENDERS = 32;
/**
 * How long a request waits for a render in progress before it goes without: a render takes 100–200 ms, and the
 * largest paint it brings forward comes seconds sooner.
 */
const RENDER_WAIT_MS = 300;

// mf-earn's prerender bundle (its src/prerender/prerender-entry.tsx): its messages first, then the render.
const RENDER = `
const { parentPort, workerData } = require('node:worker_threads');
const bundle = require(workerData.bundle);
Promise.resolve(bundle.messagesReady && bundle.messagesReady())
  .then(() => bundle.renderOffersFirstScreen(workerData.input))
  .then((html) => parentPort.postMessage(html));
`;

export function renderFirstScreenInWorker(bundle: string, input: OffersFirstScreenInput): Promise<string> {
  return answerFromWorker(RENDER, { bundle, input }, (html): html is string => typeof html === 'string', `rendering /Earn's first screen with ${bundle}`);
}

export type OffersFirstScreensOptions = {
  catalog: Pick<OffersCatalog, 'answer'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  render?: (bundle: string, input: OffersFirstScreenInput) => Promise<string>;
  now?: () => number;
  /** How long a request waits for a render in progress (`RENDER_WAIT_MS`). */
  waitMs?: number;
};

/**
 * The source of /Earn's first screen for the static site. A render not made yet starts in a worker; a request
 * that finds one in progress waits for it up to `waitMs`, then goes without (the page loads as before). An empty
 * catalog has none (the page's own empty state shows), tried again as a failed render is.
 */
export function createOffersFirstScreens({ catalog, log, render = renderFirstScreenInWorker, now = Date.now, waitMs = RENDER_WAIT_MS }: OffersFirstScreensOptions): MemberFirstScreenSource {
  const renders = createRenderCache<string>({
    maxEntries: MAX_RENDERS,
    now,
    onFailure: (error, key) => log.warn({ err: error }, `/Earn's first screen could not be rendered for ${key}: the page loads without it`),
  });

  return async ({ path, userId, locale, build }) => {
    if (path !== OFFERS_FIRST_SCREEN_PATH) return null;
    const bundle = build.locate(PRERENDER_BUNDLE_FILE);
    // A build made before it had a prerender bundle, or not on this disk.
    const modified = bundle ? await stat(bundle).then((found) => (found.isFile() ? found.mtimeMs : null), () => null) : null;
    if (!bundle || modified === null) return null;
    const answer = await catalog.answer(undefined, userId);
    const key = `${bundle}|${modified}|${locale}|${answer.version}`;
    const made = renders.get(key, async () => {
      // The markup is every user's: rendered without the one part of the answer that is the user's, the click links.
      const offers = offersOf(answer.body()).map((offer) => ({ ...offer, click_url: '' }));
      if (offers.length === 0) throw new Error('the catalog has no offers');
      return render(bundle, { offers, locale });
    });
    if (made.value === undefined && made.failedAt === undefined) await settledWithin(made.settled, waitMs);
    if (made.value === undefined) return null;
    return { html: made.value, data: { id: OFFERS_FIRST_SCREEN_ELEMENT_ID, safeJson: scriptSafeJsonText(answer.body()) } };
  };
}

/** Resolves once `promise` settled, or after `ms`, whichever comes first (its timer cleared either way). */
function settledWithin(promise: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void promise.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function offersOf(body: string): Offer[] {
  const parsed = JSON.parse(body) as { data?: unknown };
  return Array.isArray(parsed.data) ? (parsed.data as Offer[]) : [];
}
