import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(path.join(__dirname, '..', '..', 'shared', 'package.json'));

/**
 * Libraries that must exist once in the page, whichever remote loads first. The router is not here:
 * it is shared through `@rewards/shared/router`, so only the parts the site uses are bundled.
 */
const SINGLETON_PACKAGES: Record<string, string[]> = {
  react: ['react', 'react/jsx-runtime'],
  'react-dom': ['react-dom', 'react-dom/client'],
  'react-redux': ['react-redux'],
  '@reduxjs/toolkit': ['@reduxjs/toolkit', '@reduxjs/toolkit/query/react', '@reduxjs/toolkit/query'],
};

function installedVersion(packageName: string): string {
  const manifestPath = require.resolve(`${packageName}/package.json`);
  return (JSON.parse(readFileSync(manifestPath, 'utf8')) as { version: string }).version;
}

function sharedPackageVersion(): string {
  const manifest = path.join(__dirname, '..', '..', 'shared', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

export function sharedSingletons() {
  const shared: Record<string, { singleton: true; requiredVersion: string; version?: string; eager?: boolean; packageName?: string }> = {};
  for (const [packageName, requests] of Object.entries(SINGLETON_PACKAGES)) {
    const version = installedVersion(packageName);
    for (const request of requests) shared[request] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  const contractsVersion = sharedPackageVersion();
  // Trailing slash: every `@rewards/shared/<module>` is shared, so the store and the API client exist once.
  // The package name spares the federation plugin resolving `@rewards/shared/` itself to find a version it is
  // given here anyway: Node deprecates resolving a specifier that ends in "/" (DEP0155).
  shared['@rewards/shared/'] = {
    singleton: true,
    version: contractsVersion,
    requiredVersion: `^${contractsVersion}`,
    packageName: '@rewards/shared',
  };
  return shared;
}
