// Jest settings every frontend package uses: `module.exports = frontendJestConfig(__dirname)`.
const path = require('node:path');
const { FORMATJS, compilePackages } = require('./esm-packages');

const sharedSrc = path.join(__dirname, '..', '..', 'shared', 'src');

function frontendJestConfig(packageDir) {
  return {
    rootDir: packageDir,
    testEnvironment: path.join(__dirname, 'jsdom-environment.js'),
    transform: {
      '^.+\\.[jt]sx?$': [
        require.resolve('@swc/jest'),
        { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
      ],
    },
    moduleNameMapper: {
      '\\.module\\.css$': require.resolve('identity-obj-proxy'),
      '\\.css$': path.join(__dirname, 'empty-module.js'),
      '\\.(png|jpe?g|webp|svg|gif)$': path.join(__dirname, 'file-stub.js'),
      '^@rewards/shared/(.*)$': `${sharedSrc}/$1`,
    },
    transformIgnorePatterns: compilePackages(FORMATJS),
    setupFilesAfterEnv: [path.join(__dirname, 'setup-dom.js')],
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    clearMocks: true,
    // The test command runs every package's tests at once on a 2-core machine: a form test that types its
    // fields key by key took over 5 s there once.
    testTimeout: 15_000,
  };
}

module.exports = { frontendJestConfig };
