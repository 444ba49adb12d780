/*
 * The items of the navigation's "Rewards" group after its pages (rewards-pages.ts): Invite friends, then the staff
 * console for staff. Only the opened desktop menu and the tab bar's submenu show them, each loaded when opened.
 */
import type { SiteLocale } from '@rewards/shared/i18n/locales';
import { useAppDispatch, useAppSelector } from '@rewards/shared/store/hooks';
import { selectUser } from '@rewards/shared/store/session-slice';
import { openInvite } from '@rewards/shared/store/ui-slice';
import { useLocale } from '@rewards/shared/translate/locale-store';
import { useT } from '../messages';

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
 * "Staff console" in every language the site speaks (the type asks each for it), kept in the opened menu's chunk
 * rather than in a catalog: a catalog loaded on demand still names its chunks in the shell's main chunk, and no
 * visitor's page may carry a byte of the console. Only types come from @rewards/shared here: a value imported from
 * a module the shell does not share yet adds its entry to the main chunk's share map. The pseudo-language's text
 * is `pseudoText` of the English (the menu's test keeps it so).
 */
const STAFF_CONSOLE_LINK_TEXT: Record<SiteLocale, string> = {
  en: 'Staff console',
  es: 'Consola del personal',
  de: 'Mitarbeiterkonsole',
  'pt-BR': 'Console da equipe',
  fr: 'Console du personnel',
  'en-XA': 'Şŧȧȧƒƒ ƈǿǿƞşǿǿŀḗḗ',
};

/**
 * The group's item for staff only (the user answer names a `staff_role`): "Staff console". A full page load, not a
 * route change: the console is in the runtime config the API answers a staff member, which a page opened before
 * signing in has not read.
 */
export function StaffConsoleItem({ className, role }: Omit<Props, 'onChosen'>) {
  const isStaff = useAppSelector((state) => selectUser(state)?.staff_role != null);
  const locale = useLocale();
  if (!isStaff) return null;
  return (
    <li role={role && 'none'}>
      <a role={role} href={STAFF_CONSOLE_PATH} className={className}>
        {STAFF_CONSOLE_LINK_TEXT[locale]}
      </a>
    </li>
  );
}
