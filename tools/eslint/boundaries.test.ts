// Each boundary of eslint.config.mjs fires on a small file that crosses it, and stays quiet on its neighbour that
// does not. The files are virtual (linted as text at a path in the repository); ESLint runs with the
// repository's own configuration, in a child process because it loads that configuration as an ES module.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const repositoryRoot = path.join(__dirname, '..', '..');

type Case = { filePath: string; code: string };
type Finding = { ruleId: string | null; message: string };

const LINT_EACH_FILE = `
import { ESLint } from 'eslint';
const cases = JSON.parse(process.argv[1]);
const eslint = new ESLint({ cwd: process.cwd() });
const found = [];
for (const { filePath, code } of cases) {
  const [result] = await eslint.lintText(code, { filePath });
  found.push(result.messages.map(({ ruleId, message }) => ({ ruleId, message })));
}
process.stdout.write(JSON.stringify(found));
`;

function lintAll(cases: Case[]): Finding[][] {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', LINT_EACH_FILE, JSON.stringify(cases)], {
    cwd: repositoryRoot,
    encoding: 'utf8',
  });
  return JSON.parse(output) as Finding[][];
}

const BOUNDARY_RULES = new Set(['rewards/import-boundaries', 'no-restricted-imports']);

/** [what it shows, the file, whether a boundary rule must fire] */
const CASES: Array<[string, Case, boolean]> = [
  // A feature does not import another feature's internals.
  ['a feature reaching into another', { filePath: 'mf-earn/src/features/my-offers/probe.ts', code: "import { OfferCard } from '../offers/offer-card';\nexport { OfferCard };\n" }, true],
  ['a feature reaching in by a dynamic import', { filePath: 'mf-earn/src/features/my-offers/probe.ts', code: "export const load = () => import('../offers/offer-modal');\n" }, true],
  ['a feature test mocking another feature\'s file', { filePath: 'shell/src/features/live-ticker/probe.test.ts', code: "jest.mock('../realtime/realtime-connection');\n" }, true],
  ['a feature through another feature\'s entry', { filePath: 'mf-earn/src/features/my-offers/probe.ts', code: "import { sanitizeHtml } from '../offers';\nexport { sanitizeHtml };\n" }, false],
  ['a feature through an entry named with index', { filePath: 'mf-cashout/src/features/withdrawals/probe.ts', code: "export { PAYOUT_METHODS } from '../payout-methods/index';\n" }, false],
  ['a feature importing its own files', { filePath: 'mf-earn/src/features/offers/probe.ts', code: "import { OfferCard } from './offer-card';\nexport { OfferCard };\n" }, false],
  ['a page importing a feature', { filePath: 'mf-earn/src/pages/probe.ts', code: "import { OfferCard } from '../features/offers/offer-card';\nexport { OfferCard };\n" }, false],
  // Remotes never import each other (nor does the shell import them).
  ['a remote importing another by path', { filePath: 'mf-earn/src/pages/probe.ts', code: "import routes from '../../../mf-cashout/src/routes';\nexport { routes };\n" }, true],
  ['a remote importing another by package', { filePath: 'mf-earn/src/probe.ts', code: "import routes from '@rewards/mf-cashout/routes';\nexport { routes };\n" }, true],
  ['a remote loading another with import()', { filePath: 'mf-account/src/probe.ts', code: "export const load = () => import('../../mf-marketing/src/routes');\n" }, true],
  ['the shell importing a remote', { filePath: 'shell/src/app/probe.ts', code: "export { default } from '../../../mf-earn/src/routes';\n" }, true],
  ['a remote importing @rewards/shared', { filePath: 'mf-earn/src/probe.ts', code: "import { Modal } from '@rewards/shared/ui/modal.tsx';\nexport { Modal };\n" }, false],
  // The API imports only the server-safe part of @rewards/shared, and never React or Redux.
  ['the API importing the store', { filePath: 'api/src/probe.ts', code: "import { rootReducer } from '@rewards/shared/store/store';\nexport { rootReducer };\n" }, true],
  ['the API importing shared UI', { filePath: 'api/src/probe.ts', code: "import { Modal } from '@rewards/shared/ui/modal.tsx';\nexport { Modal };\n" }, true],
  ['the API importing the router', { filePath: 'api/src/probe.ts', code: "export * from '@rewards/shared/router';\n" }, true],
  ['the API importing shared by path', { filePath: 'api/src/probe.ts', code: "export * from '../../shared/src/api/api';\n" }, true],
  ['the API importing React', { filePath: 'api/src/probe.ts', code: "import { createElement } from 'react';\nexport { createElement };\n" }, true],
  ['the API importing Redux Toolkit', { filePath: 'api/src/probe.ts', code: "import { configureStore } from '@reduxjs/toolkit';\nexport { configureStore };\n" }, true],
  ['the API importing a type of React', { filePath: 'api/src/probe.ts', code: "import type { ReactNode } from 'react';\nexport type Node = ReactNode;\n" }, true],
  ['the API importing a remote', { filePath: 'api/src/probe.ts', code: "export * from '@rewards/mf-earn/routes';\n" }, true],
  ['the API importing rules and contracts', { filePath: 'api/src/probe.ts', code: "import { coinsToDollars } from '@rewards/shared/rules/money';\nimport { COINS_PER_DOLLAR } from '@rewards/shared/constants';\nimport type { UserProfile } from '@rewards/shared/contracts/api-types';\nexport type P = UserProfile;\nexport { coinsToDollars, COINS_PER_DOLLAR };\n" }, false],
  // The server-safe part of @rewards/shared imports nothing of the browser part.
  ['a shared rule importing the store', { filePath: 'shared/src/rules/probe.ts', code: "import { rootReducer } from '../store/store';\nexport { rootReducer };\n" }, true],
  ['a shared contract importing the router', { filePath: 'shared/src/contracts/probe.ts', code: "export * from '../router';\n" }, true],
  ['a shared contract loading React', { filePath: 'shared/src/contracts/probe.ts', code: "import { lazy } from 'react';\nexport { lazy };\n" }, true],
  ['a shared contract naming a React type', { filePath: 'shared/src/contracts/probe.ts', code: "import type { ComponentType } from 'react';\nexport type C = ComponentType;\n" }, false],
  ['a shared rule importing a contract', { filePath: 'shared/src/rules/probe.ts', code: "import type { ApiError } from '../contracts/api-error';\nexport type E = ApiError;\n" }, false],
];

describe('import boundaries (eslint.config.mjs)', () => {
  let findings: Finding[][];

  beforeAll(() => {
    findings = lintAll(CASES.map(([, file]) => file));
  }, 60_000);

  it.each(CASES.map(([what, file, fires], index) => [what, file.filePath, fires, index] as const))(
    '%s (%s): fires = %s',
    (_what, _filePath, fires, index) => {
      const boundary = findings[index]!.filter((finding) => finding.ruleId !== null && BOUNDARY_RULES.has(finding.ruleId));
      expect(boundary.length > 0).toBe(fires);
      // Nothing else (a parse error has no rule id) hides behind the boundary.
      expect(findings[index]!.filter((finding) => !finding.ruleId || !BOUNDARY_RULES.has(finding.ruleId))).toEqual([]);
    },
  );

  it('says what to do instead', () => {
    const [feature, , , , , , , remote] = findings;
    expect(feature![0]!.message).toContain("Import what 'offers' offers from its entry, features/offers/index.ts");
    expect(remote![0]!.message).toContain("'mf-earn' imports 'mf-cashout'");
    expect(remote![0]!.message).toContain('<Embed>');
  });
});
