const { nodeJestConfig } = require('@rewards/tools/jest/node-preset');

const base = nodeJestConfig(__dirname);
const [swcTransform] = Object.values(base.transform);

// Packages jest must compile itself. content-disposition 3 (@fastify/static) and cookie 2 (fastify's inject)
// are ESM only: Node 20 loads them natively, jest's sandbox does not. PGlite's CommonJS build loads Node
// built-ins with import(), which the sandbox refuses without --experimental-vm-modules. openid-client and
// its dependencies (oauth4webapi, jose) are ESM only; @fastify/cookie loads cookie 2 with import().
const compiledPackages = [
  'content-disposition', 'cookie', '@fastify/cookie', '@electric-sql/pglite', 'openid-client', 'oauth4webapi', 'jose',
  // intl-messageformat 12 (the emails' languages) and its parsers are ESM only too.
  'intl-messageformat', '@formatjs/icu-messageformat-parser', '@formatjs/icu-skeleton-parser', '@formatjs/fast-memoize',
];
const escape = (text) => text.replace(/[/.+]/g, (c) => `\\${c}`);
const inPnpmStore = compiledPackages.map((name) => `${escape(`.pnpm/${name.replace('/', '+')}`)}@[^/]+/node_modules/`);

module.exports = {
  ...base,
  transform: { '^.+\\.[cm]?[jt]sx?$': swcTransform },
  // Password hashing at a test-sized cost, in tests only (see src/test/argon2-test-cost.ts).
  moduleNameMapper: { ...base.moduleNameMapper, '^@node-rs/argon2$': '<rootDir>/src/test/argon2-test-cost.ts' },
  // The benchmarks' pure parts (their schedules, their statistics) are tested beside them.
  testMatch: [...base.testMatch, '<rootDir>/bench/**/*.test.ts', '<rootDir>/fuzz/**/*.test.ts'],
  transformIgnorePatterns: [`/node_modules/(?!(${inPnpmStore.join('|')})?(${compiledPackages.map(escape).join('|')})/)`],
  // PGlite's first start in a process takes seconds; each test file opens one and shares it. A file's first app
  // seeds its database: on a host that gave a clean-clone run half its usual CPU (2,157 s wall for the usual
  // ~1,450 CPU-seconds) such hooks passed 30 s, and a failed hook leaves the whole file failed.
  testTimeout: 90_000,
};
