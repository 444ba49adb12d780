const { frontendJestConfig } = require('@rewards/tools/jest/frontend-preset');

module.exports = frontendJestConfig(__dirname);
