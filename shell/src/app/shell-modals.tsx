import { useEffect } from 'react';
import type { ExposedProps } from '@rewards/shared/contracts/exposed-module-types';
import { useAppDispatch, useAppSelector } from '@rewards/shared/store/hooks';
import {
  closeAuth,
  closeInvite,
  closeNotifications,
  closeSettings,
  openAuth,
  selectAuthModal,
  selectInviteOpen,
  selectNotificationsOpen,
  selectSettingsOpen,
} from '@rewards/shared/store/ui-slice';
import { FederatedModule } from '@rewards/shared/ui/federated-module.tsx';
import { loadRemoteModule } from '../federation/federation-runtime';
import { useT } from '../messages';
import { useRuntimeConfig } from './runtime-config-context';
// mf-account's published types (dist/@mf-types) of the modules the built-in runtime config puts in these slots.
import type * as AuthModals from 'mf_account/auth-modals';
import type * as InviteModal from 'mf_account/invite-modal';
import type * as NotificationsPanel from 'mf_account/notifications-panel';
import type * as SettingsModal from 'mf_account/settings-modal';

type SlotProps<P> = {
  when: boolean;
  /** `remoteName/exposedModule`, from the runtime config. */
  exposed: string | undefined;
  /** What the user asked for, e.g. "Sign in", for the loading and failure notices. */
  label: string;
  /** What the shell gives the module's component, typed by the component's published props. */
  props: P;
  onClose: () => void;
};

/**
 * Shows a remote's modal while `when` holds. A failure, or a slot the runtime config lacks, stays a small
 * notice the user can retry or dismiss.
 */
function ModalSlot<P extends object>({ when, exposed, label, props, onClose }: SlotProps<P>) {
  if (!when) return null;
  return (
    <FederatedModule<P>
      exposed={exposed ?? ''}
      label={label}
      props={props}
      placement="overlay"
      onDismiss={onClose}
      loader={loadRemoteModule}
    />
  );
}

/**
 * The account modals and the bell's notification panel, opened from anywhere through the `ui` slice; which
 * remote provides them is runtime config, and their code loads when first opened.
 */
export function ShellModals() {
  const t = useT();
  const dispatch = useAppDispatch();
  const authModal = useAppSelector(selectAuthModal);
  const settingsOpen = useAppSelector(selectSettingsOpen);
  const inviteOpen = useAppSelector(selectInviteOpen);
  const notificationsOpen = useAppSelector(selectNotificationsOpen);
  const { modals } = useRuntimeConfig();
  const closeAuthModal = () => dispatch(closeAuth());
  const closeSettingsModal = () => dispatch(closeSettings());
  const closeInviteModal = () => dispatch(closeInvite());
  const closeNotificationsPanel = () => dispatch(closeNotifications());
  // Google's sign-in with two-factor on lands on `/#two-factor=…`: the sign-in modal takes the second step from there.
  useEffect(() => {
    if (window.location.hash.startsWith('#two-factor=')) dispatch(openAuth('signin'));
  }, [dispatch]);
  return (
    <>
      <ModalSlot<ExposedProps<typeof AuthModals>>
        when={authModal !== null}
        exposed={modals.auth}
        label={authModal === 'signup' ? t('nav.signUp') : t('nav.signIn')}
        props={{ onClose: closeAuthModal }}
        onClose={closeAuthModal}
      />
      <ModalSlot<ExposedProps<typeof SettingsModal>>
        when={settingsOpen}
        exposed={modals.settings}
        label={t('slots.settings')}
        props={{ onClose: closeSettingsModal }}
        onClose={closeSettingsModal}
      />
      <ModalSlot<ExposedProps<typeof InviteModal>>
        when={inviteOpen}
        exposed={modals.invite}
        label={t('nav.rewards.inviteFriends')}
        props={{ onClose: closeInviteModal }}
        onClose={closeInviteModal}
      />
      <ModalSlot<ExposedProps<typeof NotificationsPanel>>
        when={notificationsOpen}
        exposed={modals.notifications}
        label={t('account.notifications.label')}
        props={{ onClose: closeNotificationsPanel }}
        onClose={closeNotificationsPanel}
      />
    </>
  );
}
