import federation from './federation.cjs';
import { createFederatedAppConfig } from '@rewards/tools/rspack/federated-app';

export default (_env: unknown, argv: { mode?: string }) =>
  createFederatedAppConfig(
    {
      packageDir: __dirname,
      ...federation,
      devPort: 3005,
    },
    argv,
  );
