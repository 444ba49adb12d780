import type { Configuration } from '@rspack/core';
import federation from './federation.cjs';
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
        ...federation,
        devPort: 3003,
        // /Profile's header, painted from the page's HTML (src/prerender/prerender-entry.tsx).
        prerender: true,
      },
      argv,
    ),
  );
