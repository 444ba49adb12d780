import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BREAKPOINT_QUERIES, BREAKPOINTS } from '../constants';

const REPOSITORY = path.join(__dirname, '..', '..', '..');
const STYLED_PACKAGES = ['shell', 'mf-earn', 'mf-cashout', 'mf-account', 'mf-marketing', 'mf-admin', 'shared'];
/** The payout strip's own width (tokens.css): six logos in a row, three at 1100 px and narrower. */
const PAYOUT_STRIP = { file: 'mf-marketing/src/pages/landing/cards.module.css', query: '(max-width: 1100px)' };

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '');

/** Every `@media` condition that speaks of the width, with the file it is in. */
function widthQueries(): Array<{ file: string; query: string }> {
  return STYLED_PACKAGES.flatMap((pkg) => cssFiles(path.join(REPOSITORY, pkg, 'src'))).flatMap((file) =>
    [...withoutComments(readFileSync(file, 'utf8')).matchAll(/@media\s+([^{]+?)\s*\{/g)]
      .map((match) => match[1]!)
      .filter((query) => query.includes('width'))
      .map((query) => ({ file: path.relative(REPOSITORY, file).split(path.sep).join('/'), query })),
  );
}

describe('breakpoints (tokens.css)', () => {
  it('are written one way: the named five queries of the narrower layouts', () => {
    const named: string[] = Object.values(BREAKPOINT_QUERIES);
    const queries = widthQueries();
    expect(queries.length).toBeGreaterThan(40);
    const others = queries.filter(({ file, query }) => !named.includes(query) && !(file === PAYOUT_STRIP.file && query === PAYOUT_STRIP.query));
    expect(others).toEqual([]);
  });

  it('are the numbers of the spec', () => {
    expect(BREAKPOINTS).toEqual({ mobile: 800, tabBar: 853, wide: 992, small: 600, narrow: 480 });
  });
});
