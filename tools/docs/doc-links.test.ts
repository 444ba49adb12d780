import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { documentationPages, headingAnchors, pageProblems } from './doc-links';

const repositoryRoot = path.join(__dirname, '..', '..');

describe('the README and docs/', () => {
  it.each(documentationPages(repositoryRoot))('%s links only to files and headings that exist, and names only paths that exist', (page) => {
    expect(pageProblems(repositoryRoot, page)).toEqual([]);
  });
});

describe('the documentation check', () => {
  let root: string;
  const write = (relative: string, content: string) => {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), content);
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'doc-links-'));
    write('api/src/server.ts', '');
    write('docs/money.md', '# How money moves\n\n## The live feed\n\n## Offer walls: the table\n');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('finds the pages: the README first, then docs/', () => {
    write('README.md', '');
    expect(documentationPages(root)).toEqual(['README.md', 'docs/money.md']);
  });

  it('reads headings as GitHub anchors them', () => {
    expect([...headingAnchors('# A: B\n## The `ops` line\n## Twice\n## Twice\n```\n# not a heading\n```\n')]).toEqual([
      'a-b',
      'the-ops-line',
      'twice',
      'twice-1',
    ]);
  });

  it('accepts links and paths that exist, and what is written about rather than stored', () => {
    write(
      'README.md',
      [
        'See [money](docs/money.md), [the feed](docs/money.md#the-live-feed), [walls](docs/money.md#offer-walls-the-table)',
        'and [a site](https://example.com). `api/src/server.ts`, `api/src/`, `api/dist/server.js`, `api/src/modules/<slug>.ts`.',
        'Write links as `[label](/path)`.',
        '```',
        '[not a link](nowhere.md) `api/src/gone.ts`',
        '```',
      ].join('\n'),
    );
    expect(pageProblems(root, 'README.md')).toEqual([]);
  });

  it('reports a missing page, a missing heading and a missing path, with their lines', () => {
    write('README.md', 'See [accounts](docs/accounts.md).\nSee [the feed](docs/money.md#the-feed).\nIn `api/src/gone.ts`.\n');
    expect(pageProblems(root, 'README.md')).toEqual([
      { page: 'README.md', line: 1, problem: 'link to docs/accounts.md: no file docs/accounts.md' },
      { page: 'README.md', line: 2, problem: 'link to docs/money.md#the-feed: no heading #the-feed in docs/money.md' },
      { page: 'README.md', line: 3, problem: 'api/src/gone.ts does not exist' },
    ]);
  });

  it('resolves a page of docs/ from its own folder, and an anchor alone in the same page', () => {
    write('docs/security.md', '# Security\n\n## Development mode\n\nSee [money](money.md), [below](#development-mode) and [above](#nothing).\n');
    expect(pageProblems(root, 'docs/security.md')).toEqual([
      { page: 'docs/security.md', line: 5, problem: 'link to #nothing: no heading #nothing in docs/security.md' },
    ]);
  });
});
