import { lazy } from 'react';
import { BRAND_NAME, CURRENCY_NAME } from '@rewards/shared/brand';
import type { PageMeta, RemoteRoute } from '@rewards/shared/contracts/remote-routes';
import { t } from './messages';
import type { PageWords } from './pages/messages';

// The landing and its sign-in and sign-up copies come from one module: one chunk for the landing, where two
// imports split the code they share into a second chunk, a request more on the first page a visitor sees.
// A page in another language than English renders once its content in that language is in (`contentReady`).
const landingPages = () => import('./pages/landing/auth-landing').then(withContentReady);
const LandingPage = lazy(() => landingPages().then((pages) => ({ default: pages.LandingPage })));
const SignInLanding = lazy(() => landingPages().then((pages) => ({ default: pages.SignInLanding })));
const SignUpLanding = lazy(() => landingPages().then((pages) => ({ default: pages.SignUpLanding })));
const BonusesPage = lazy(() => import('./pages/bonuses/bonuses-page'));
const FaqPage = lazy(() => import('./pages/faq/faq-page').then(withContentReady));
const ContestPage = lazy(() => import('./pages/contest/contest-page'));
const LeaderboardPage = lazy(() => import('./pages/leaderboard/leaderboard-page'));
const AboutPage = lazy(() => import('./pages/about/about-page'));
const ContactPage = lazy(() => import('./pages/contact/contact-page'));
const TermsPage = lazy(() => import('./pages/documents/terms-page'));
const PrivacyPage = lazy(() => import('./pages/documents/privacy-page'));
const CookiesPage = lazy(() => import('./pages/documents/cookies-page'));
const AffiliatesPage = lazy(() => import('./pages/documents/affiliates-page'));
const AdvertisersPage = lazy(() => import('./pages/documents/advertisers-page'));
const CareersPage = lazy(() => import('./pages/documents/careers-page'));
const PressPage = lazy(() => import('./pages/documents/press-page'));

/** The page's module once the content it shows first is loaded in the page's language. */
async function withContentReady<Module extends { contentReady?: () => Promise<unknown> }>(module: Module): Promise<Module> {
  await module.contentReady?.();
  return module;
}

// The title carries the brand, so the shell adds no " | Earnly" suffix to it.
const landingMeta: PageMeta = {
  title: `${BRAND_NAME}: get paid to play games, test apps and answer surveys`,
  description: `Complete offers, play games and answer surveys to earn ${CURRENCY_NAME} coins, then cash out fast with PayPal, gift cards or crypto.`,
};

type MetaKey = Parameters<typeof t>[0];
const brand = { brand: BRAND_NAME, currency: CURRENCY_NAME };
/** The landing's title and description in the page's language (`localMeta`), from the first screen's words. */
const translated =
  (title: MetaKey, description: MetaKey): (() => PageMeta) =>
  () => ({ title: t(title, brand), description: t(description, brand) });
const localLandingMeta = translated('meta.landing.title', 'meta.landing.description');

// The other pages' titles are among the pages' words (src/pages/messages), which the landing does not load.
let pageWords: PageWords | undefined;
let pageWordsLoading: Promise<unknown> | undefined;

/**
 * A page's `localMeta` from the pages' words (their `pageMeta`): English (`meta`) until they are in, which the
 * page itself loads (its own texts are among them) in the meantime; the shell reads the meta again as the page
 * comes in.
 */
function withPageWords(route: RemoteRoute): RemoteRoute {
  return {
    ...route,
    localMeta: () => {
      try {
        const meta = pageWords?.pageMeta(route.path, brand);
        if (meta) return { ...route.meta, ...meta };
      } catch {
        // Not loaded in this language yet (`t` throws its loading): English meanwhile.
      }
      pageWordsLoading ??= import('./pages/messages').then((module) => (pageWords = module));
      return route.meta;
    },
  };
}

const pages: RemoteRoute[] = [
  { path: '/', Component: LandingPage, audience: 'signed-out', meta: landingMeta, localMeta: localLandingMeta },
  {
    path: '/ref/:id',
    Component: LandingPage,
    audience: 'signed-out',
    // Referral links are copies of the landing page: kept out of search results.
    meta: { ...landingMeta, title: `You're invited to ${BRAND_NAME}`, noindex: true },
    localMeta: () => ({ ...localLandingMeta(), title: t('meta.referral.title', brand), noindex: true }),
  },
  // Spec §2 "same auth screen": the landing with mf-account's sign-in or sign-up modal open.
  {
    path: '/signin',
    Component: SignInLanding,
    audience: 'signed-out',
    meta: {
      title: 'Sign in',
      description: `Sign in to ${BRAND_NAME} to keep earning from games, app tests and surveys and to cash out your balance.`,
    },
    localMeta: translated('meta.signin.title', 'meta.signin.description'),
  },
  {
    path: '/signup',
    Component: SignUpLanding,
    audience: 'signed-out',
    meta: {
      title: 'Sign up',
      description: `Create a free ${BRAND_NAME} account and get paid to play games, test apps and answer surveys.`,
    },
    localMeta: translated('meta.signup.title', 'meta.signup.description'),
  },
  {
    path: '/faq',
    Component: FaqPage,
    audience: 'any',
    meta: {
      title: 'FAQ',
      description: `Answers about earning on ${BRAND_NAME}: how much you can make, payouts, offers, referrals, age rules and privacy.`,
    },
  },
  {
    path: '/contest',
    Component: ContestPage,
    audience: 'any',
    meta: {
      title: 'Contests',
      description: `Weekly, monthly and special ${BRAND_NAME} contests with cash prizes for the top earners.`,
    },
  },
  {
    path: '/leaderboard',
    Component: LeaderboardPage,
    audience: 'any',
    meta: { title: 'Leaderboard', description: `The top ${BRAND_NAME} earners of the day, the week and the month.` },
  },
  {
    path: '/about-us',
    Component: AboutPage,
    audience: 'any',
    meta: {
      title: 'About us',
      description: `${BRAND_NAME} pays people to play games, test apps and answer surveys: 50,000+ users in 100+ countries, $2M+ paid.`,
    },
  },
  {
    path: '/contact',
    Component: ContactPage,
    audience: 'any',
    meta: {
      title: 'Contact us',
      description: `Questions about offers, payouts or your account? Send the ${BRAND_NAME} support team a message.`,
    },
  },
  {
    path: '/terms',
    Component: TermsPage,
    audience: 'any',
    meta: {
      title: 'Terms of Service',
      description: `The rules for using ${BRAND_NAME}: minimum age, fair play, one account per person and no VPNs.`,
    },
  },
  {
    path: '/privacy',
    Component: PrivacyPage,
    audience: 'any',
    meta: { title: 'Privacy Policy', description: `What data ${BRAND_NAME} collects, why, and how it is protected.` },
  },
  {
    path: '/cookies',
    Component: CookiesPage,
    audience: 'any',
    meta: { title: 'Cookie Policy', description: `The cookies and browser storage ${BRAND_NAME} uses and what each one is for.` },
  },
  {
    path: '/affiliates',
    Component: AffiliatesPage,
    audience: 'any',
    meta: { title: 'Affiliates', description: `Promote ${BRAND_NAME} to your audience and earn for every member you bring.` },
  },
  {
    path: '/advertisers',
    Component: AdvertisersPage,
    audience: 'any',
    meta: { title: 'Advertisers', description: `Reach engaged players, testers and survey takers on ${BRAND_NAME} and pay only for results.` },
  },
  {
    path: '/careers',
    Component: CareersPage,
    audience: 'any',
    meta: { title: 'Careers', description: `Work at ${BRAND_NAME}: a small remote team building the fairest way to get paid for your time.` },
  },
  {
    path: '/press',
    Component: PressPage,
    audience: 'any',
    meta: { title: 'Press', description: `News, figures and brand material about ${BRAND_NAME} for journalists.` },
  },
  {
    path: '/bonuses',
    Component: BonusesPage,
    audience: 'any',
    meta: { title: 'Quests', description: `Daily quests and bonuses that add ${CURRENCY_NAME} coins to your balance.` },
  },
];

const routes = pages.map((route) => (route.localMeta ? route : withPageWords(route)));

export default routes;
