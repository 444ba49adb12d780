import { createFederatedAppConfig } from '@rewards/tools/rspack/federated-app';

export default (_env: unknown, argv: { mode?: string }) =>
  createFederatedAppConfig(
    {
      packageDir: __dirname,
      name: 'mf_cashout',
      exposes: {
        './routes': './src/routes.tsx',
        // The Withdrawals tab of mf-account's Profile page (spec §2), shown there through federation; lazy like the next.
        './withdrawals-panel': './src/features/withdrawals/exposed-withdrawals-panel.ts',
        // The Earnings history tab of the Profile page (issue 29), lazy: its code loads when the tab opens.
        './earnings-history': './src/features/earnings-history/exposed-earnings-history.ts',
      },
      devPort: 3002,
    },
    argv,
  );
