import federation from './federation.cjs';
import { createFederatedAppConfig } from '@rewards/tools/rspack/federated-app';

export default (_env: unknown, argv: { mode?: string }) => {
  const config = createFederatedAppConfig(
    {
      packageDir: __dirname,
      ...federation,
      devPort: 3001,
      // The bundle the site server renders /Earn's first screen with (src/prerender/prerender-entry.tsx).
      prerender: true,
    },
    argv,
  );
  if (config.mode === 'production') {
    config.optimization = {
      ...config.optimization,
      splitChunks: {
        cacheGroups: {
          earnCommon: {
            // Its messages module and the padlock, used by every exposed module: one copy instead of three.
            test: (module: { identifier: () => string }) => /[\\/]mf-earn[\\/]src[\\/](messages(\|lazy\||[\\/]index\.ts$)|ui[\\/]lock-icon)/.test(module.identifier()),
            name: 'earn-common',
            chunks: 'all',
            enforce: true,
            priority: 30,
          },
        },
      },
    };
  }
  return config;
};
