import { PATHS } from '@rewards/shared/paths';
import { useAppDispatch } from '@rewards/shared/store/hooks';
import { openInvite } from '@rewards/shared/store/ui-slice';
import { useT } from '../messages';

/**
 * The navigation's "Rewards" group (spec §2): these pages, then Invite friends. The desktop dropdown and the
 * tab bar's submenu both list it.
 */
export const REWARDS_PAGES = [
  { to: PATHS.quests, label: 'nav.rewards.quests' },
  { to: PATHS.leaderboard, label: 'nav.rewards.leaderboard' },
  { to: PATHS.tickets, label: 'nav.rewards.missingCredits' },
] as const;

type Props = { className?: string; role?: 'menuitem'; onChosen: () => void };

/** The group's last item: closes what holds it (`onChosen`), then opens the invite modal. */
export function InviteFriendsButton({ className, role, onChosen }: Props) {
  const t = useT();
  const dispatch = useAppDispatch();
  return (
    <button
      role={role}
      type="button"
      className={className}
      onClick={() => {
        onChosen();
        dispatch(openInvite());
      }}
    >
      {t('nav.rewards.inviteFriends')}
    </button>
  );
}
