import { useAppDispatch, useAppSelector } from '@rewards/shared/store/hooks';
import {
  closeAuth,
  closeInvite,
  closeNotifications,
  closeSettings,
  openAuth,
  openInvite,
  openNotifications,
  openSettings,
  selectAuthModal,
  selectInviteOpen,
  selectNotificationsOpen,
  selectSettingsOpen,
} from '@rewards/shared/store/ui-slice';
import type { RemoteRoute } from '@rewards/shared/contracts/remote-routes';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import AuthModals from '../features/auth/auth-modals';
import InviteModal from '../features/invite/invite-modal';
import NotificationsPanel from '../features/notifications/notifications-panel';
import SettingsModal from '../features/settings/settings-modal';

/** Development only: opens the exposed modals as the shell's slots would, since the harness has no shell. */
function ModalHost() {
  const dispatch = useAppDispatch();
  const authModal = useAppSelector(selectAuthModal);
  const settingsOpen = useAppSelector(selectSettingsOpen);
  const inviteOpen = useAppSelector(selectInviteOpen);
  const notificationsOpen = useAppSelector(selectNotificationsOpen);
  return (
    <PageLayout title="Account modals" lead="The modals this remote exposes to the shell.">
      <p>
        <button type="button" onClick={() => dispatch(openAuth('signin'))}>Sign in</button>{' '}
        <button type="button" onClick={() => dispatch(openAuth('signup'))}>Sign up</button>{' '}
        <button type="button" onClick={() => dispatch(openSettings())}>Settings</button>{' '}
        <button type="button" onClick={() => dispatch(openInvite())}>Invite friends</button>{' '}
        <button type="button" onClick={() => dispatch(openNotifications())}>Notifications</button>
      </p>
      {authModal ? <AuthModals onClose={() => dispatch(closeAuth())} /> : null}
      {settingsOpen ? <SettingsModal onClose={() => dispatch(closeSettings())} /> : null}
      {inviteOpen ? <InviteModal onClose={() => dispatch(closeInvite())} /> : null}
      {notificationsOpen ? <NotificationsPanel onClose={() => dispatch(closeNotifications())} /> : null}
    </PageLayout>
  );
}

export const modalHostRoute: RemoteRoute = {
  path: '/modals',
  Component: ModalHost,
  audience: 'any',
  meta: { title: 'Account modals', description: 'Development page hosting the account modals.', noindex: true },
};
