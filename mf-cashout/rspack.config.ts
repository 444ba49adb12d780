import federation from './federation.cjs';
import { createFederatedAppConfig } from '@rewards/tools/rspack/federated-app';

export default (_env: unknown, argv: { mode?: string }) =>
  createFederatedAppConfig(
    {
      packageDir: __dirname,
      ...federation,
      devPort: 3002,
      // /Cashout's header, painted from the page's HTML (src/prerender/prerender-entry.tsx).
      prerender: true,
    },
    argv,
  );
