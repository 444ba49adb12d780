const { frontendJestConfig } = require('@rewards/tools/jest/frontend-preset');

const config = frontendJestConfig(__dirname);
// mf-cashout loads the message formatter on demand (src/messages/index.ts). Tests read the messages as written,
// not compiled, and then every message goes through the formatter: it is loaded before the first test.
config.setupFilesAfterEnv = [...config.setupFilesAfterEnv, '<rootDir>/src/test/setup-message-formatter.ts'];

module.exports = config;
