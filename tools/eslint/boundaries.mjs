// The site's import boundaries, as one ESLint rule that knows the repository's layout:
// - a feature (`<frontend>/src/features/<name>/`) reaches another feature only through that feature's
//   entry, `features/<other>/index.ts(x)`, never into its files;
// - a frontend (the shell and each remote) never imports another one: cross-remote UI goes through
//   federation embeds, and the shell knows remotes only from the runtime config.
// Which packages the API and the server-safe part of @rewards/shared may import is a matter of package
// names, kept by `no-restricted-imports` in eslint.config.mjs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The frontends: the host and the remotes. Each builds and releases alone. */
export const FRONTENDS = ['shell', 'mf-earn', 'mf-cashout', 'mf-account', 'mf-marketing', 'mf-admin'];

const FEATURE_FILE = /^([^/]+)\/src\/features\/([^/]+)(?:\/(.*))?$/;
const FEATURE_ENTRY = /^index(?:\.tsx?)?$/;

function repositoryPath(absolutePath, root) {
  return path.relative(root, absolutePath).split(path.sep).join('/');
}

/** The frontend a repository-relative path lies in, if any. */
function frontendOf(relativePath) {
  const top = relativePath.split('/')[0];
  return FRONTENDS.includes(top) ? top : undefined;
}

/** The frontend a bare specifier names by package (`@rewards/mf-earn/...`), if any. */
function frontendNamedBy(specifier) {
  const match = /^@rewards\/([^/]+)/.exec(specifier);
  return match && FRONTENDS.includes(match[1]) ? match[1] : undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Features import each other only through their entry; frontends never import each other.' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: {
      featureInternals:
        "Feature '{{from}}' reaches into feature '{{to}}' ('{{specifier}}'). Import what '{{to}}' offers from its entry, features/{{to}}/index.ts, or move what both use to ui/.",
      otherFrontend:
        "'{{from}}' imports '{{to}}' ('{{specifier}}'). Frontends never import each other: show another remote's UI with <Embed> (federation), share code through @rewards/shared.",
    },
  },
  create(context) {
    const root = context.options[0]?.root ?? repositoryRoot;
    const file = repositoryPath(context.filename, root);
    const fromFrontend = frontendOf(file);
    if (!fromFrontend) return {};
    const fromFeature = FEATURE_FILE.exec(file);

    function check(sourceNode) {
      if (!sourceNode || typeof sourceNode.value !== 'string') return;
      const specifier = sourceNode.value;
      if (!specifier.startsWith('.')) {
        const named = frontendNamedBy(specifier);
        if (named && named !== fromFrontend) {
          context.report({ node: sourceNode, messageId: 'otherFrontend', data: { from: fromFrontend, to: named, specifier } });
        }
        return;
      }
      const target = repositoryPath(path.resolve(path.dirname(path.join(root, file)), specifier), root);
      const toFrontend = frontendOf(target);
      if (toFrontend && toFrontend !== fromFrontend) {
        context.report({ node: sourceNode, messageId: 'otherFrontend', data: { from: fromFrontend, to: toFrontend, specifier } });
        return;
      }
      const toFeature = FEATURE_FILE.exec(target);
      if (!fromFeature || !toFeature || toFeature[1] !== fromFeature[1] || toFeature[2] === fromFeature[2]) return;
      const inside = toFeature[3];
      if (inside === undefined || FEATURE_ENTRY.test(inside)) return;
      context.report({ node: sourceNode, messageId: 'featureInternals', data: { from: fromFeature[2], to: toFeature[2], specifier } });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source.type === 'Literal' ? node.source : undefined),
      // `jest.mock('../other-feature/x')` ties a test to another feature's files just as an import does.
      'CallExpression[callee.object.name="jest"][callee.property.name=/^(mock|requireActual|doMock)$/]': (node) =>
        check(node.arguments[0]?.type === 'Literal' ? node.arguments[0] : undefined),
    };
  },
};

export const boundariesPlugin = { meta: { name: 'rewards-boundaries' }, rules: { 'import-boundaries': importBoundaries } };
