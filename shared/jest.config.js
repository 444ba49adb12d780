const { frontendJestConfig } = require('@rewards/tools/jest/frontend-preset');

const base = frontendJestConfig(__dirname);

module.exports = { ...base, setupFilesAfterEnv: [...base.setupFilesAfterEnv, '<rootDir>/src/test/setup.ts'] };
