const { nodeJestConfig } = require('@rewards/tools/jest/node-preset');

module.exports = nodeJestConfig(__dirname, {
  testMatch: ['<rootDir>/tests/**/*.e2e.ts'],
  globalSetup: '<rootDir>/src/global-setup.ts',
  globalTeardown: '<rootDir>/src/global-teardown.ts',
  setupFilesAfterEnv: ['<rootDir>/src/csp-guard.ts'],
  // A limit for a hung test, not a measure: a busy CI host ran single tests past 120 s.
  testTimeout: 300_000,
  maxWorkers: 1,
});
