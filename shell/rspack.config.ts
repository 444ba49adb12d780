import path from 'node:path';
import { rspack } from '@rspack/core';
import { createFederatedAppConfig } from '@rewards/tools/rspack/federated-app';

export default (_env: unknown, argv: { mode?: string }) => {
  const config = createFederatedAppConfig({ packageDir: __dirname, name: 'shell', isHost: true, devPort: 3000 }, argv);
  // Favicon, share image and robots.txt keep their names: index.html and page metadata point at them.
  const copyPublic = new rspack.CopyRspackPlugin({ patterns: [{ from: path.join(__dirname, 'public'), to: '.' }] });
  return { ...config, plugins: [...(config.plugins ?? []), copyPublic] };
};
