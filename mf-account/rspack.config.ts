import type { Configuration } from '@rspack/core';
import { createFederatedAppConfig } from '@rewards/tools/rspack/federated-app';

/**
 * Every exposed module translates through `src/messages` (the catalog loader): in a chunk of its own it is
 * fetched once, not copied into each exposed module's chunk (six copies were 1.5 KB of initial JS).
 */
function withSharedMessagesChunk(config: Configuration): Configuration {
  const optimization = config.optimization ?? {};
  if (optimization.splitChunks !== undefined || config.mode !== 'production') return config;
  return {
    ...config,
    optimization: {
      ...optimization,
      splitChunks: {
        cacheGroups: {
          messages: {
            // The loader module and the map of the language files it loads (the files themselves stay apart), and
            // the page's locale for Intl.
            test: (module: { identifier(): string }) =>
              /[\\/]mf-account[\\/]src[\\/](messages([\\/]index\.ts$|\|lazy\|)|ui[\\/]display-locale\.ts$)/.test(module.identifier()),
            name: 'messages-account',
            chunks: 'async',
            enforce: true,
          },
        },
      },
    },
  };
}

export default (_env: unknown, argv: { mode?: string }) =>
  withSharedMessagesChunk(
    createFederatedAppConfig(
      {
        packageDir: __dirname,
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
        devPort: 3003,
      },
      argv,
    ),
  );
