import { PATHS } from '@rewards/shared/paths';

/**
 * The navigation's "Rewards" group (spec §2): these pages, then Invite friends (and the staff console for staff,
 * rewards-group.tsx). The desktop dropdown and the tab bar's submenu both list it.
 */
export const REWARDS_PAGES = [
  { to: PATHS.quests, label: 'Quests' },
  { to: PATHS.leaderboard, label: 'Leaderboard' },
  { to: PATHS.tickets, label: 'Missing credits' },
] as const;
