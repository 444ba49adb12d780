import { useAppDispatch, useAppSelector } from '@rewards/shared/store/hooks';
import {
  closeAuth,
  closeInvite,
  closeSettings,
  selectAuthModal,
  selectInviteOpen,
  selectSettingsOpen,
} from '@rewards/shared/store/ui-slice';
import { RemoteSlot } from './remote-slot';
import { useRuntimeConfig } from './runtime-config-context';

/** The account modals, opened from anywhere through the `ui` slice; which remote provides them is runtime config. */
export function ShellModals() {
  const dispatch = useAppDispatch();
  const authModal = useAppSelector(selectAuthModal);
  const settingsOpen = useAppSelector(selectSettingsOpen);
  const inviteOpen = useAppSelector(selectInviteOpen);
  const { modals } = useRuntimeConfig();
  return (
    <>
      <RemoteSlot
        when={authModal !== null}
        exposed={modals.auth}
        label={authModal === 'signup' ? 'Sign up' : 'Sign in'}
        onClose={() => dispatch(closeAuth())}
      />
      <RemoteSlot
        when={settingsOpen}
        exposed={modals.settings}
        label="Settings"
        onClose={() => dispatch(closeSettings())}
      />
      <RemoteSlot
        when={inviteOpen}
        exposed={modals.invite}
        label="Invite friends"
        onClose={() => dispatch(closeInvite())}
      />
    </>
  );
}
