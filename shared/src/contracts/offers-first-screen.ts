/**
 * /Earn's first screen for a signed-in user, painted from the page's HTML: the site server renders it per
 * catalog version and language with mf-earn's prerender bundle (`dist/prerendered/render.cjs`, its export
 * `renderOffersFirstScreen`) from the user's `Offers/Get` answer for All, and puts that answer into the page
 * as data (`<script type="application/json" id="offers-first-screen">`), which the page reads instead of
 * asking again. Its largest paint (the first offer's image) then needs no script.
 */
import type { Locale } from '../i18n/locales';
import type { Offer } from './offer-types';

export const OFFERS_FIRST_SCREEN_PATH = '/Earn';

/** The element holding the `Offers/Get` answer (JSON, `<` escaped) the first screen was rendered from. */
export const OFFERS_FIRST_SCREEN_ELEMENT_ID = 'offers-first-screen';

/** A page that takes over later than this after it began reads the offers afresh. */
export const OFFERS_FIRST_SCREEN_FRESH_MS = 60_000;

export type OffersFirstScreenInput = { offers: Offer[]; locale: Locale };

/** What the server calls in mf-earn's prerender bundle. */
export type OffersFirstScreenBundle = {
  messagesReady?(): Promise<unknown>;
  renderOffersFirstScreen(input: OffersFirstScreenInput): Promise<string>;
};
