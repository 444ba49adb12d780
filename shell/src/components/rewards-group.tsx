import { PATHS } from '@rewards/shared/paths';
import { useAppDispatch, useAppSelector } from '@rewards/shared/store/hooks';
import { selectUser } from '@rewards/shared/store/session-slice';
import { openInvite } from '@rewards/shared/store/ui-slice';

/**
 * The navigation's "Rewards" group (spec §2): these pages, then Invite friends, then the staff console for staff.
 * The desktop dropdown and the tab bar's submenu both list it.
 */
export const REWARDS_PAGES = [
  { to: PATHS.quests, label: 'Quests' },
  { to: PATHS.leaderboard, label: 'Leaderboard' },
  { to: PATHS.tickets, label: 'Missing credits' },
] as const;

type Props = { className?: string; role?: 'menuitem'; onChosen: () => void };

/** The group's last item: closes what holds it (`onChosen`), then opens the invite modal. */
export function InviteFriendsButton({ className, role, onChosen }: Props) {
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
      Invite friends
    </button>
  );
}

/** mf-admin's path (the runtime config a staff member gets names it); no remote owns it for anyone else. */
const STAFF_CONSOLE_PATH = '/admin';

/**
 * The group's item for staff only (the user answer names a `staff_role`): "Staff console". A full page load, not a
 * route change: the console is in the runtime config the API answers a staff member, which a page opened before
 * signing in has not read.
 */
export function StaffConsoleItem({ className, role }: Omit<Props, 'onChosen'>) {
  const isStaff = useAppSelector((state) => selectUser(state)?.staff_role != null);
  return isStaff ? (
    <li role={role && 'none'}>
      <a role={role} href={STAFF_CONSOLE_PATH} className={className}>
        Staff console
      </a>
    </li>
  ) : null;
}
