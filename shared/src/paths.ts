/** The site's paths the shell links to (spec §2), named once. */
export const PATHS = {
  home: '/',
  earn: '/Earn',
  offers: '/offers',
  cashout: '/Cashout',
  myOffers: '/my-offers',
  tickets: '/tickets',
  profile: '/Profile',
  notifications: '/notifications',
  quests: '/bonuses',
  leaderboard: '/leaderboard',
  faq: '/faq',
  contact: '/contact',
  aboutUs: '/about-us',
  terms: '/terms',
  privacy: '/privacy',
} as const;

/** True when `pathname` is `prefix` or below it, compared case-insensitively on whole segments. */
export function isUnderPath(pathname: string, prefix: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const base = prefix.toLowerCase().replace(/\/+$/, '') || '/';
  if (base === '/') return path === '/';
  return path === base || path.startsWith(`${base}/`);
}
