/** Business constants and timers of spec §9, named once. */
export const COINS_PER_DOLLAR = 1000;
export const COINS_PER_CENT = COINS_PER_DOLLAR / 100;
export const LEVEL_STEP_DOLLARS = 10;
export const MINIMUM_CASHOUT_DOLLARS = 0.25;
export const REFERRAL_SHARE = 0.05;
export const OTP_LENGTH = 6;
export const SIGNUP_PASSWORD_MIN = 8;
export const RESET_PASSWORD_MIN = 6;

export const REQUEST_TIMEOUT_MS = 10_000;
export const LOGIN_REFRESH_DELAY_MS = 500;
export const SIGNIN_REDIRECT_MS = 300;
export const FORGOT_TO_OTP_MS = 2_000;
export const RESET_TO_SIGNIN_MS = 3_000;
export const SUCCESS_MODAL_MS = 3_000;
export const COPY_FEEDBACK_MS = 2_000;
export const ERROR_BANNER_MS = 5_000;
export const ROUTE_LOADER_MS = 500;
export const PROGRESS_ANIMATION_DELAY_MS = 120;
export const PROGRESS_ANIMATION_STAGGER_MS = 80;
export const LEADERBOARD_MOCK_MS = 800;
export const CONTACT_SIMULATED_MS = 2_000;

export const TICKER_MAX_ENTRIES = 12;
export const TICKER_STEP_MS = 7_000;
export const TICKER_ANIMATION_MS = 400;

export const SCROLL_THRESHOLD_PX = 10;
export const DRAG_THRESHOLD_PX = 5;
export const ARROW_SCROLL_SHARE = 0.6;
export const CAROUSEL_CARD_WIDTH_PX = 145;
export const CAROUSEL_GAP_PX = 12;

/** The site's breakpoints in px (spec §9), named as in styles/tokens.css, which says how CSS writes them. */
export const BREAKPOINTS = { mobile: 800, tabBar: 853, wide: 992, small: 600, narrow: 480 } as const;

/** The media query of each breakpoint's narrower layout, in the spec's words (tokens.css): "under 800", "from 853 downward". */
export const BREAKPOINT_QUERIES = {
  mobile: '(max-width: 799.98px)',
  tabBar: '(max-width: 853px)',
  wide: '(max-width: 992px)',
  small: '(max-width: 599.98px)',
  narrow: '(max-width: 479.98px)',
} as const satisfies Record<keyof typeof BREAKPOINTS, string>;

export const STORAGE_KEYS = { userId: 'ID', user: 'user', liveStats: 'Live Stats' } as const;
export const AUTH_COOKIE = 'auth_token';

/**
 * The Live Stats toggle (spec §3) is the browser's: "Live Stats" in localStorage. The site's server paints a
 * page's first screen before any script runs, leaving room above it for the navigation and the live earnings
 * strip; so while Live Stats is off the browser also keeps this cookie, and the server leaves no room for a
 * strip that will not come: the painted page (`.prerendered-page`) carries `attribute`.
 */
export const LIVE_STATS_COOKIE = {
  name: 'live_stats',
  off: 'off',
  /** As long as the language cookie: the setting lasts until the user changes it or signs out. */
  maxAgeSeconds: 365 * 24 * 60 * 60,
  attribute: 'data-live-stats-off',
} as const;
