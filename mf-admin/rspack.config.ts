import { createFederatedAppConfig } from '@rewards/tools/rspack/federated-app';

export default (_env: unknown, argv: { mode?: string }) =>
  createFederatedAppConfig(
    {
      packageDir: __dirname,
      name: 'mf_admin',
      exposes: {
        './routes': './src/routes.tsx',
      },
      devPort: 3005,
    },
    argv,
  );
