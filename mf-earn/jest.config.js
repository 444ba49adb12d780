const { frontendJestConfig } = require('@rewards/tools/jest/frontend-preset');

const config = frontendJestConfig(__dirname);

module.exports = { ...config, setupFilesAfterEnv: [...config.setupFilesAfterEnv, '<rootDir>/src/test/message-formatter.ts'] };
