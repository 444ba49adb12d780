// The README and docs/ point at each other and at files of the repository: every relative link must reach a
// file (and a heading, for `#anchor`), and every repository path written in backticks must exist, so a moved
// file or a renamed heading breaks a test instead of a reader's trust.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type Problem = { page: string; line: number; problem: string };

/** Where the repository's paths start: a path in backticks beginning with one of these is checked. */
const REPOSITORY_FOLDERS = /^(?:\.ci|api|docs|e2e|mf-[a-z]+|scripts|shared|shell|tools)\//;
/** Placeholders (`<slug>`, `*`, `{site}`, `…`) and build output are written about, not stored. */
const NOT_A_STORED_PATH = /[<>*{}…]|(?:^|\/)dist(?:\/|$)/;

/** The README and every page of docs/, as paths relative to the repository root. */
export function documentationPages(root: string): string[] {
  const docs = path.join(root, 'docs');
  const pages = existsSync(docs) ? readdirSync(docs).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`) : [];
  return ['README.md', ...pages.sort()];
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2… */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*)$/.exec(text)?.[1];
    if (heading === undefined) continue;
    const base = heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    let anchor = base;
    for (let repeat = 1; anchors.has(anchor); repeat += 1) anchor = `${base}-${repeat}`;
    anchors.add(anchor);
  }
  return anchors;
}

/** The lines outside fenced code blocks, with their numbers. */
function proseLines(markdown: string): { text: string; line: number }[] {
  const lines: { text: string; line: number }[] = [];
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    if (/^\s*```/.test(text)) fenced = !fenced;
    else if (!fenced) lines.push({ text, line: index + 1 });
  });
  return lines;
}

const INLINE_CODE = /`[^`]*`/g;

/** Every broken relative link and every missing repository path of one page. */
export function pageProblems(root: string, page: string): Problem[] {
  const problems: Problem[] = [];
  const markdown = readFileSync(path.join(root, page), 'utf8');
  const folder = path.dirname(path.join(root, page));
  for (const { text, line } of proseLines(markdown)) {
    for (const [, target = ''] of text.replace(INLINE_CODE, '').matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target)) continue;
      const [file = '', anchor] = target.split('#');
      const targetFile = file === '' ? path.join(root, page) : path.resolve(folder, file);
      if (!existsSync(targetFile)) problems.push({ page, line, problem: `link to ${target}: no file ${file}` });
      else if (anchor !== undefined && targetFile.endsWith('.md') && !headingAnchors(readFileSync(targetFile, 'utf8')).has(anchor)) {
        problems.push({ page, line, problem: `link to ${target}: no heading #${anchor} in ${file || page}` });
      }
    }
    for (const [code = ''] of text.matchAll(INLINE_CODE)) {
      const written = code.slice(1, -1).trim();
      if (!REPOSITORY_FOLDERS.test(written) || NOT_A_STORED_PATH.test(written)) continue;
      if (!existsSync(path.join(root, written.replace(/\/$/, '')))) problems.push({ page, line, problem: `${written} does not exist` });
    }
  }
  return problems;
}
