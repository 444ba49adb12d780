import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';

/** The packages that keep a `budget.json`, each owned by the team of that package. */
export const BUDGETED_PACKAGES = ['shell', 'mf-marketing', 'mf-earn', 'mf-cashout', 'mf-account', 'mf-admin'] as const;

export type PageBudget = {
  /** Measured signed in (a fresh account) or as a visitor. */
  signedIn: boolean;
  /** Compressed JS the page loads in Chromium with a cold cache, until the network is idle. */
  compressedJsKB: number;
};

/**
 * `<package>/budget.json`. `initialJsKB`: for a remote, its `remoteEntry.js` and the JS every exposed module
 * needs before it runs (brotli, as served); for the shell, the scripts of its `index.html`. `pages`: the pages
 * the package owns, by path.
 */
export type PackageBudget = {
  initialJsKB: number;
  pages?: Record<string, PageBudget>;
};

export type Measured = { label: string; budgetKB: number; actualBytes: number };

export type BudgetReport = { lines: string[]; over: Measured[] };

const KB = 1024;

export function readBudget(packageDir: string): PackageBudget {
  const file = path.join(packageDir, 'budget.json');
  const budget = JSON.parse(readFileSync(file, 'utf8')) as Partial<PackageBudget>;
  const problems: string[] = [];
  if (!isPositive(budget.initialJsKB)) problems.push('initialJsKB must be a positive number of KB');
  for (const [page, pageBudget] of Object.entries(budget.pages ?? {})) {
    if (!page.startsWith('/')) problems.push(`pages["${page}"]: a page is a path starting with "/"`);
    if (!isPositive(pageBudget?.compressedJsKB)) problems.push(`pages["${page}"].compressedJsKB must be a positive number of KB`);
    if (typeof pageBudget?.signedIn !== 'boolean') problems.push(`pages["${page}"].signedIn must be true or false`);
  }
  if (problems.length) throw new Error(`${file}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  return budget as PackageBudget;
}

function isPositive(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/** A file's size as the site sends it: its brotli copy (the build writes it at level 11), else compressed so. */
export function compressedSize(file: string): number {
  if (existsSync(`${file}.br`)) return readFileSync(`${file}.br`).length;
  return brotliCompressSync(readFileSync(file), { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

type Manifest = { metaData: { remoteEntry: { name: string; path: string } }; exposes: Array<{ assets: { js: { sync: string[] } } }> };

/** The JS a host fetches before any exposed module of this remote runs: the remote entry and each module's sync chunks. */
export function remoteInitialJsFiles(distDir: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'mf-manifest.json'), 'utf8')) as Manifest;
  const { remoteEntry } = manifest.metaData;
  const files = new Set([path.join(remoteEntry.path, remoteEntry.name)]);
  for (const exposed of manifest.exposes) for (const file of exposed.assets.js.sync) files.add(file);
  return [...files].map((file) => path.join(distDir, file));
}

/** The scripts the shell's page names itself (the rest of the shell loads on demand). */
export function shellInitialJsFiles(distDir: string): string[] {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!);
  return sources.map((source) => path.join(distDir, source.replace(/^\//, '')));
}

/**
 * Every file a visitor's first page fetches from the shell's `index.html`: the scripts it runs (the entry,
 * `main`), the ones it preloads for the bootstrap that follows, and its stylesheets, linked or preloaded.
 */
export function shellPageFiles(distDir: string): string[] {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const isPageFile = (tag: string) =>
    /\brel="(modulepreload|stylesheet)"/.test(tag) || (/\brel="preload"/.test(tag) && /\bas="(script|style)"/.test(tag));
  const linked = [...html.matchAll(/<link\b[^>]*>/g)]
    .map((match) => match[0])
    .filter(isPageFile)
    .map((tag) => /\bhref="([^"]+)"/.exec(tag)?.[1])
    .filter((href): href is string => href !== undefined && href.startsWith('/') && !href.startsWith('//'));
  const files = linked.map((href) => path.join(distDir, href.replace(/^\//, '')));
  return [...new Set([...shellInitialJsFiles(distDir), ...files])];
}

/** Words only the staff console (mf-admin, under /admin) has a reason to carry. */
export const CONSOLE_MARKERS = ['staff', 'mf_admin', 'mf-admin', '/admin'] as const;

export type ConsoleLeak = { file: string; marker: string; excerpt: string };

/**
 * Where the shell's page files (scripts and styles) mention the console: each marker once per file, with the
 * text around it. The console is staff-only; a visitor's page should not carry a byte of it (not even a chunk
 * name of its words, nor a class of its look).
 */
export function findConsoleInShellPage(distDir: string): ConsoleLeak[] {
  const leaks: ConsoleLeak[] = [];
  for (const file of shellPageFiles(distDir)) {
    const text = readFileSync(file, 'utf8');
    for (const marker of CONSOLE_MARKERS) {
      const found = new RegExp(marker.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'), 'i').exec(text);
      if (!found) continue;
      const excerpt = text.slice(Math.max(0, found.index - 40), found.index + marker.length + 40).replace(/\s+/g, ' ');
      leaks.push({ file: path.relative(distDir, file), marker, excerpt });
    }
  }
  return leaks;
}

export function initialJsBytes(packageName: string, distDir: string): number {
  const files = packageName === 'shell' ? shellInitialJsFiles(distDir) : remoteInitialJsFiles(distDir);
  return files.reduce((sum, file) => sum + compressedSize(file), 0);
}

const formatKB = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** One line per measurement with its budget and the difference; the ones over the budget are returned too. */
export function compareWithBudgets(measurements: Measured[]): BudgetReport {
  const over = measurements.filter(({ budgetKB, actualBytes }) => actualBytes > budgetKB * KB);
  const width = Math.max(...measurements.map(({ label }) => label.length), 0);
  const lines = measurements.map((measured) => {
    const difference = measured.actualBytes - measured.budgetKB * KB;
    const verdict = difference > 0 ? `OVER by ${formatKB(difference)}` : `${formatKB(-difference)} to spare`;
    return `${measured.label.padEnd(width)}  ${formatKB(measured.actualBytes).padStart(9)} of ${formatKB(measured.budgetKB * KB).padStart(9)}  ${verdict}`;
  });
  return { lines, over };
}
