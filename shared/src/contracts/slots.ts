import type { ModalSlots } from './runtime-config';

/** Props of a component a remote exposes for the shell to host in a slot (the account modals). */
export type SlotComponentProps = { onClose: () => void };

/** The exposed modules the shell hosts in its modal slots, as the built-in runtime config names them. */
export const DEFAULT_MODAL_SLOTS: ModalSlots = {
  auth: 'mf_account/auth-modals',
  settings: 'mf_account/settings-modal',
  invite: 'mf_account/invite-modal',
  notifications: 'mf_account/notifications-panel',
};

/** The exposed module the shell mounts below every page (mf-marketing's footer), as the built-in runtime config names it. */
export const DEFAULT_FOOTER_SLOT = 'mf_marketing/site-footer';

/** The exposed module the shell shows above the pages of a signed-in user with an unverified email (mf-account's). */
export const DEFAULT_VERIFY_EMAIL_BANNER_SLOT = 'mf_account/verify-email-banner';
