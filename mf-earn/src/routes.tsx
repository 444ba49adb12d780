import { BRAND_NAME, CURRENCY_NAME } from '@rewards/shared/brand';
import type { RemoteRoute } from '@rewards/shared/contracts/remote-routes';
import { lazyPage } from '@rewards/shared/ui/lazy-page';
import { prefetchFirstOffers } from './features/offers/first-screen-offers';
import { t, type MessageKey } from './messages';

const EarnPage = lazyPage(() => import('./pages/earn-page'));
const OffersPage = lazyPage(() => import('./pages/offers-page'));
const MyOffersPage = lazyPage(() => import('./pages/my-offers-page'));
const SearchPage = lazyPage(() => import('./pages/search-page'));
// Both ticket pages in one chunk: one more entry in the remote entry's chunk map, not two.
const TicketPages = lazyPage(() => import('./pages/ticket-pages'));
const TICKETS_META = { title: 'Missing credits', description: 'Report an offer that did not credit and follow each report to its answer.', noindex: true };
const NAMES = { brand: BRAND_NAME, currency: CURRENCY_NAME };
/** A page's title and description in the page's language (every page here is kept out of search results). */
const inLanguage = (title: MessageKey, description: MessageKey) => () => ({ title: t(title), description: t(description, NAMES), noindex: true });
const ticketsLocalMeta = inLanguage('tickets.meta.title', 'tickets.meta.description');

// Signed-in pages are personal: kept out of search results.
const routes: RemoteRoute[] = [
  {
    path: '/Earn',
    ...EarnPage,
    audience: 'signed-in',
    // The offers are the page's largest paint: asked for with the page's code, as the Earn page first shows them
    // (or taken from the page, when the server painted its first screen with them).
    prefetch: prefetchFirstOffers,
    // Offers/Get answers visitors too: asked for beside the session check, not after it.
    prefetchBeforeSession: true,
    meta: {
      title: 'Earn',
      description: `Featured offers, games and surveys that pay ${CURRENCY_NAME} coins, for PC, Android and iOS.`,
      noindex: true,
    },
    localMeta: inLanguage('earn.meta.title', 'earn.meta.description'),
  },
  {
    path: '/offers',
    ...OffersPage,
    audience: 'signed-in',
    meta: {
      title: 'All offers',
      description: `Browse every ${BRAND_NAME} offer: games, app tests, sign-ups and surveys, each with its reward.`,
      noindex: true,
    },
    localMeta: inLanguage('offers.meta.title', 'offers.meta.description'),
  },
  {
    path: '/my-offers',
    ...MyOffersPage,
    audience: 'signed-in',
    meta: {
      title: 'My offers',
      description: 'Track the offers you started, your progress on each and the reward steps left to complete.',
      noindex: true,
    },
    localMeta: inLanguage('myOffers.meta.title', 'myOffers.meta.description'),
  },
  { path: '/tickets', ...TicketPages, audience: 'signed-in', meta: TICKETS_META, localMeta: ticketsLocalMeta },
  { path: '/tickets/:id', ...TicketPages, audience: 'signed-in', meta: TICKETS_META, localMeta: ticketsLocalMeta },
  {
    // The site's search pattern (declared in /opensearch.xml): open to everyone, results differ per query.
    path: '/search',
    ...SearchPage,
    audience: 'any',
    meta: {
      title: 'Search offers',
      description: `Search every ${BRAND_NAME} offer by name: games, app tests, sign-ups and surveys that pay ${CURRENCY_NAME} coins.`,
      noindex: true,
    },
    localMeta: inLanguage('search.meta.title', 'search.meta.description'),
  },
];

export default routes;
