import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  compareWithBudgets,
  compressedSize,
  findConsoleInShellPage,
  initialJsBytes,
  readBudget,
  remoteInitialJsFiles,
  shellInitialJsFiles,
  shellPageFiles,
} from './budgets';

describe('budgets', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'budgets-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, content: string | Buffer) => {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  };

  it('passes figures within their budget and says how much is left', () => {
    const report = compareWithBudgets([{ label: 'mf-earn initial JS', budgetKB: 20, actualBytes: 15 * 1024 }]);
    expect(report.over).toEqual([]);
    expect(report.lines).toEqual(['mf-earn initial JS    15.0 KB of   20.0 KB  5.0 KB to spare']);
  });

  it('fails a figure past its budget, printing the difference', () => {
    const grown = { label: 'mf-marketing page /', budgetKB: 150, actualBytes: 152.5 * 1024 };
    const report = compareWithBudgets([{ label: 'shell initial JS', budgetKB: 30, actualBytes: 30 * 1024 }, grown]);
    expect(report.over).toEqual([grown]);
    expect(report.lines[0]).toContain('0.0 KB to spare');
    expect(report.lines[1]).toBe('mf-marketing page /   152.5 KB of  150.0 KB  OVER by 2.5 KB');
  });

  it('refuses a budget file that caps nothing or names a page wrongly', () => {
    write('budget.json', JSON.stringify({ initialJsKB: 0, pages: { Earn: { signedIn: 'yes', compressedJsKB: -1 } } }));
    expect(() => readBudget(dir)).toThrow(
      [
        '  - initialJsKB must be a positive number of KB',
        '  - pages["Earn"]: a page is a path starting with "/"',
        '  - pages["Earn"].compressedJsKB must be a positive number of KB',
        '  - pages["Earn"].signedIn must be true or false',
      ].join('\n'),
    );
  });

  it('reads a valid budget file', () => {
    write('budget.json', JSON.stringify({ initialJsKB: 19, pages: { '/': { signedIn: false, compressedJsKB: 150 } } }));
    expect(readBudget(dir)).toEqual({ initialJsKB: 19, pages: { '/': { signedIn: false, compressedJsKB: 150 } } });
  });

  it("counts a remote's entry and the sync chunks of its exposed modules once each, not its lazy chunks", () => {
    write(
      'mf-manifest.json',
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [
          { assets: { js: { sync: ['expose-routes.js', 'shared.js'], async: ['lazy-page.js'] } } },
          { assets: { js: { sync: ['shared.js'], async: [] } } },
        ],
      }),
    );
    for (const file of ['remoteEntry.js', 'expose-routes.js', 'shared.js', 'lazy-page.js']) write(file, `console.log(${JSON.stringify(file)});`);
    expect(remoteInitialJsFiles(dir).map((file) => path.basename(file))).toEqual(['remoteEntry.js', 'expose-routes.js', 'shared.js']);

    const before = initialJsBytes('mf-fixture', dir);
    write('lazy-page.js', 'x'.repeat(50_000));
    expect(initialJsBytes('mf-fixture', dir)).toBe(before);
    write('shared.js', randomBytes(20_000));
    expect(initialJsBytes('mf-fixture', dir)).toBeGreaterThan(before + 10_000);
  });

  it("counts the shell's page scripts, and a file's brotli copy when the build wrote one", () => {
    write('index.html', '<html><head><script defer src="/main.abc.js"></script></head><body></body></html>');
    write('main.abc.js', 'a'.repeat(10_000));
    write('lazy.js', 'b'.repeat(10_000));
    expect(shellInitialJsFiles(dir)).toEqual([path.join(dir, 'main.abc.js')]);
    const computed = compressedSize(path.join(dir, 'main.abc.js'));
    expect(computed).toBeLessThan(100);
    write('main.abc.js.br', Buffer.alloc(123));
    expect(initialJsBytes('shell', dir)).toBe(123);
  });

  describe("the staff console in the shell's page", () => {
    const page =
      '<html><head><script defer src="/main.abc.js"></script><link as="script" fetchpriority="low" href="/bootstrap.def.js" rel="preload">' +
      '<link as="style" href="/bootstrap.css" rel="preload"><link rel="modulepreload" href="/react.ghi.js"><link rel="stylesheet" href="/page.css">' +
      '<link rel="icon" href="/favicon.svg"></head><body></body></html>';
    beforeEach(() => {
      write('index.html', page);
      write('main.abc.js', 'const chunkNames = { 12: "messages-shell-de-json", 34: "bootstrap" };');
      write('bootstrap.def.js', 'mount(document.getElementById("root"));');
      write('react.ghi.js', 'export const version = "19";');
      write('bootstrap.css', '.header{color:red}');
      write('page.css', '.page{margin:0}');
      write('rewards-menu.js', 'const STAFF_CONSOLE_PATH = "/admin"; const text = "Staff console";');
    });

    it('reads the scripts the page runs and the ones it preloads, and its styles', () => {
      expect(shellPageFiles(dir).map((file) => path.basename(file))).toEqual(['main.abc.js', 'bootstrap.def.js', 'bootstrap.css', 'react.ghi.js', 'page.css']);
    });

    it('finds nothing when only a chunk loaded later (the opened menu) names the console', () => {
      expect(findConsoleInShellPage(dir)).toEqual([]);
    });

    it('names each mention of the console in a page script, in any case', () => {
      write('main.abc.js', 'const chunkNames = { 12: "messages-shell-de-json", 94: "messages-staff-de-json" };');
      write('bootstrap.def.js', 'remotes.push({ name: "mf_admin", routes: ["/Admin"] }); label("Staff");');
      write('react.ghi.js', 'load("/remotes/mf-admin/mf-manifest.json");');
      write('page.css', '.staffBadge{color:gold}');
      expect(findConsoleInShellPage(dir)).toEqual([
        { file: 'main.abc.js', marker: 'staff', excerpt: expect.stringContaining('"messages-staff-de-json"') },
        { file: 'bootstrap.def.js', marker: 'staff', excerpt: expect.stringContaining('label("Staff")') },
        { file: 'bootstrap.def.js', marker: 'mf_admin', excerpt: expect.stringContaining('name: "mf_admin"') },
        { file: 'bootstrap.def.js', marker: '/admin', excerpt: expect.stringContaining('["/Admin"]') },
        { file: 'react.ghi.js', marker: 'mf-admin', excerpt: expect.stringContaining('/remotes/mf-admin/') },
        { file: 'page.css', marker: 'staff', excerpt: expect.stringContaining('.staffBadge') },
      ]);
    });
  });
});
