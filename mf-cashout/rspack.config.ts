import { PRERENDER_BUNDLE_FILE } from '@rewards/shared/content/published-content';
import federation from './federation.cjs';
import { createFederatedAppConfig } from '@rewards/tools/rspack/federated-app';
import { PrerenderPagesPlugin } from '@rewards/tools/rspack/prerender-pages-plugin';

export default (_env: unknown, argv: { mode?: string }) => {
  const config = createFederatedAppConfig(
    {
      packageDir: __dirname,
      ...federation,
      devPort: 3002,
    },
    argv,
  );
  // /Cashout's header, painted from the page's HTML (src/prerender/prerender-entry.tsx).
  const prerender = argv.mode === 'development' ? [] : [new PrerenderPagesPlugin({ packageDir: __dirname, uniqueName: federation.name, bundleFile: PRERENDER_BUNDLE_FILE })];
  return { ...config, plugins: [...(config.plugins ?? []), ...prerender] };
};
