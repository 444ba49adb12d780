// Jest settings for Node packages (api, e2e): TypeScript through swc, tests beside the code.
function nodeJestConfig(packageDir, overrides = {}) {
  return {
    rootDir: packageDir,
    testEnvironment: 'node',
    transform: {
      '^.+\\.[jt]sx?$': [require.resolve('@swc/jest'), { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
    },
    extensionsToTreatAsEsm: [],
    moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
    testMatch: ['<rootDir>/src/**/*.test.ts'],
    ...overrides,
  };
}

module.exports = { nodeJestConfig };
