// The esbuild settings of the server's bundle, shared by the production build (scripts/build.mjs) and the tests
// that start the server as a process (src/test/compiled-entries.ts), so both run the same compiled code.

/** Installed packages are left to Node; workspace packages (TypeScript sources) are compiled in. */
const installedPackagesStayExternal = {
  name: 'installed-packages-stay-external',
  setup(bundle) {
    bundle.onResolve({ filter: /^[^./]/ }, ({ path: request }) =>
      request.startsWith('@rewards/') ? undefined : { path: request, external: true },
    );
  },
};

/** Options for esbuild's `build` with the API's folder as its working folder; entry points and output are the caller's. */
function serverBundleOptions(apiDir) {
  return {
    absWorkingDir: apiDir,
    bundle: true,
    platform: 'node',
    // Only the server-safe part of @rewards/shared resolves: the browser part (React, Redux) is refused.
    conditions: ['rewards-server'],
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [installedPackagesStayExternal],
  };
}

module.exports = { serverBundleOptions };
