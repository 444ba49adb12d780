import { createFederatedAppConfig } from '@rewards/tools/rspack/federated-app';

export default (_env: unknown, argv: { mode?: string }) =>
  createFederatedAppConfig(
    {
      packageDir: __dirname,
      name: 'mf_earn',
      exposes: {
        './routes': './src/routes.tsx',
        // For the home page (mf-marketing), loaded through federation like the shell loads routes.
        './partner-walls': './src/features/partner-walls/partner-walls.tsx',
        './featured-surveys': './src/features/featured-surveys/featured-surveys.tsx',
      },
      devPort: 3001,
    },
    argv,
  );
