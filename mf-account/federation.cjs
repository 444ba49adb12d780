// What this remote exposes, by name: its rspack config builds them, tools/federation-types publishes their types.
module.exports = {
  name: 'mf_account',
  exposes: {
    './routes': './src/routes.tsx',
    // The modals the shell hosts in its slots (runtime config `modals`), each a default export taking { onClose }.
    './auth-modals': './src/features/auth/auth-modals.tsx',
    './settings-modal': './src/features/settings/settings-modal.tsx',
    './invite-modal': './src/features/invite/invite-modal.tsx',
    // The panel of the shell's bell (runtime config `modals.notifications`).
    './notifications-panel': './src/features/notifications/notifications-panel.tsx',
    // Above every page of a signed-in user with an unverified email (runtime config `verifyEmailBanner`).
    './verify-email-banner': './src/features/verify-email/verify-email-banner.tsx',
  },
};
