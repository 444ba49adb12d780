// Installed packages published only as ES modules: Node loads them natively, jest's CommonJS sandbox does not,
// so jest compiles them like our sources. The FormatJS packages are the site's message formatting.
const FORMATJS = ['intl-messageformat', '@formatjs/icu-messageformat-parser', '@formatjs/icu-skeleton-parser', '@formatjs/fast-memoize'];

const escape = (text) => text.replace(/[/.+]/g, (c) => `\\${c}`);

/** `transformIgnorePatterns` that leave `packages` to be compiled (in pnpm's store as in a flat node_modules). */
function compilePackages(packages) {
  const inPnpmStore = packages.map((name) => `${escape(`.pnpm/${name.replace('/', '+')}`)}@[^/]+/node_modules/`);
  return [`/node_modules/(?!(${inPnpmStore.join('|')})?(${packages.map(escape).join('|')})/)`];
}

module.exports = { FORMATJS, compilePackages };
