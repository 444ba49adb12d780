import { PATHS } from '@rewards/shared/paths';

/**
 * The navigation's "Rewards" group (spec §2): these pages, then Invite friends (and the staff console for staff,
 * rewards-group.tsx). The desktop dropdown and the tab bar's submenu both list it; `label` is a message key.
 */
export const REWARDS_PAGES = [
  { to: PATHS.quests, label: 'nav.rewards.quests' },
  { to: PATHS.leaderboard, label: 'nav.rewards.leaderboard' },
  { to: PATHS.tickets, label: 'nav.rewards.missingCredits' },
] as const;
