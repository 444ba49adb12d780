const { nodeJestConfig } = require('./jest/node-preset');
const { FORMATJS, compilePackages } = require('./jest/esm-packages');

module.exports = nodeJestConfig(__dirname, {
  testMatch: ['<rootDir>/**/*.test.ts'],
  // The contract-check tests run real rspack builds.
  testTimeout: 60_000,
  transformIgnorePatterns: compilePackages(FORMATJS),
});
