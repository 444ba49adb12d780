const { nodeJestConfig } = require('@rewards/tools/jest/node-preset');

module.exports = nodeJestConfig(__dirname, {
  testMatch: ['<rootDir>/tests/**/*.e2e.ts'],
  globalSetup: '<rootDir>/src/global-setup.ts',
  globalTeardown: '<rootDir>/src/global-teardown.ts',
  setupFilesAfterEnv: ['<rootDir>/src/csp-guard.ts'],
  testTimeout: 120_000,
  maxWorkers: 1,
});
