import { useEffect } from 'react';
import type { SlotComponentProps } from '@rewards/shared/contracts/slots';
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

type SlotProps = {
  when: boolean;
  /** `remoteName/exposedModule`, from the runtime config. */
  exposed: string | undefined;
  /** What the user asked for, e.g. "Sign in", for the loading and failure notices. */
  label: string;
  onClose: () => void;
};

/**
 * Shows a remote's modal while `when` holds. A failure, or a slot the runtime config lacks, stays a small
 * notice the user can retry or dismiss.
 */
function ModalSlot({ when, exposed, label, onClose }: SlotProps) {
  if (!when) return null;
  return (
    <FederatedModule<SlotComponentProps>
      exposed={exposed ?? ''}
      label={label}
      props={{ onClose }}
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
  // Google's sign-in with two-factor on lands on `/#two-factor=…`: the sign-in modal takes the second step from there.
  useEffect(() => {
    if (window.location.hash.startsWith('#two-factor=')) dispatch(openAuth('signin'));
  }, [dispatch]);
  return (
    <>
      <ModalSlot
        when={authModal !== null}
        exposed={modals.auth}
        label={authModal === 'signup' ? t('nav.signUp') : t('nav.signIn')}
        onClose={() => dispatch(closeAuth())}
      />
      <ModalSlot when={settingsOpen} exposed={modals.settings} label={t('slots.settings')} onClose={() => dispatch(closeSettings())} />
      <ModalSlot when={inviteOpen} exposed={modals.invite} label={t('nav.rewards.inviteFriends')} onClose={() => dispatch(closeInvite())} />
      <ModalSlot when={notificationsOpen} exposed={modals.notifications} label={t('account.notifications.label')} onClose={() => dispatch(closeNotifications())} />
    </>
  );
}
