/*
 * The items of the navigation's "Rewards" group after its pages (rewards-pages.ts): Invite friends, then the staff
 * console for staff. Only the opened desktop menu and the tab bar's submenu show them, each loaded when opened.
 */
import { Suspense } from 'react';
import { useAppDispatch, useAppSelector } from '@rewards/shared/store/hooks';
import { selectUser } from '@rewards/shared/store/session-slice';
import { openInvite } from '@rewards/shared/store/ui-slice';
import { useT } from '../messages';
import { useT as useStaffT } from './staff/staff-messages';

type Props = { className?: string; role?: 'menuitem'; onChosen: () => void };

/** Invite friends: closes what holds it (`onChosen`), then opens the invite modal. */
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

/** mf-admin's path (the runtime config a staff member gets names it); no remote owns it for anyone else. */
const STAFF_CONSOLE_PATH = '/admin';

/**
 * The group's item for staff only (the user answer names a `staff_role`): "Staff console". A full page load, not a
 * route change: the console is in the runtime config the API answers a staff member, which a page opened before
 * signing in has not read.
 */
export function StaffConsoleItem({ className, role }: Omit<Props, 'onChosen'>) {
  const isStaff = useAppSelector((state) => selectUser(state)?.staff_role != null);
  // Its words arrive with it (a moment after the menu opens, the first time): only this item waits.
  return isStaff ? (
    <Suspense fallback={null}>
      <StaffConsoleLink className={className} role={role} />
    </Suspense>
  ) : null;
}

function StaffConsoleLink({ className, role }: Omit<Props, 'onChosen'>) {
  const t = useStaffT();
  return (
    <li role={role && 'none'}>
      <a role={role} href={STAFF_CONSOLE_PATH} className={className}>
        {t('staff.consoleLink')}
      </a>
    </li>
  );
}
