import { PATHS, isUnderPath } from '@rewards/shared/paths';

export type TabId = 'earn' | 'offers' | 'cashout' | 'my-offers' | 'rewards';

/** Path prefixes that light each tab; Rewards also covers the pages of its submenu. */
const TAB_PREFIXES: ReadonlyArray<[TabId, string[]]> = [
  ['earn', [PATHS.earn]],
  ['offers', [PATHS.offers]],
  ['cashout', [PATHS.cashout]],
  ['my-offers', [PATHS.myOffers]],
  ['rewards', [PATHS.profile, PATHS.quests, PATHS.leaderboard, PATHS.tickets]],
];

/** The bottom tab to highlight for a path, by prefix and case-insensitively (spec §2); null for none. */
export function activeTabFor(pathname: string): TabId | null {
  const match = TAB_PREFIXES.find(([, prefixes]) => prefixes.some((prefix) => isUnderPath(pathname, prefix)));
  return match ? match[0] : null;
}
