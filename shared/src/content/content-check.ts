/**
 * The check of a content file's text: JSON syntax, then the file's schema. Every problem names the file, line
 * and column of the offending value, like `content/faq.json:12:17 questions[3].answer: must not be empty`, so
 * whoever broke a file knows where to look. mf-marketing's build runs it on the repository's files, the API on
 * every file published (`pnpm ops content:publish`). Node only, never in the browser.
 */
import { findNodeAtLocation, type Node, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import type { z } from 'zod';
import { CONTENT_FILES, type ContentFile } from './content-schemas';

export type ContentProblem = { file: string; line: number; column: number; message: string };

/** 1-based line and column of a character offset. */
function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

function pathLabel(segments: ReadonlyArray<PropertyKey>): string {
  return segments.reduce<string>((label, segment) => (typeof segment === 'number' ? `${label}[${segment}]` : label ? `${label}.${String(segment)}` : String(segment)), '');
}

/** The deepest value that exists along `segments`: a missing key is reported where its object is. */
function nearestNode(root: Node, segments: ReadonlyArray<PropertyKey>): Node {
  for (let length = segments.length; length >= 0; length -= 1) {
    const found = findNodeAtLocation(root, segments.slice(0, length) as Array<string | number>);
    if (found) return found;
  }
  return root;
}

/** Problems of one file's text; `file` is how the file is named in the messages. */
export function checkContent(file: string, text: string, schema: z.ZodType): ContentProblem[] {
  const syntaxErrors: ParseError[] = [];
  const root = parseTree(text, syntaxErrors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (syntaxErrors.length > 0 || !root) {
    const first = syntaxErrors[0];
    const at = position(text, first?.offset ?? 0);
    return [{ file, ...at, message: `not valid JSON (${first ? printParseErrorCode(first.error) : 'empty file'})` }];
  }
  // jsonc-parser accepts what JSON.parse refuses in a few corners; the build imports with JSON semantics.
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // Node names the offset (`… at position 42`): point there when it does.
    const offset = Number(/position (\d+)/.exec((error as Error).message)?.[1] ?? 0);
    return [{ file, ...position(text, offset), message: `not valid JSON (${(error as Error).message})` }];
  }
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const node = nearestNode(root, issue.path);
    const where = pathLabel(issue.path);
    return { file, ...position(text, node.offset), message: `${where ? `${where}: ` : ''}${issue.message}` };
  });
}

/** Problems of the text of the content file `name` (`faq.json`, `pages/terms.json`), by its own schema. */
export function checkContentFile(name: ContentFile, text: string, label: string = `content/${name}`): ContentProblem[] {
  return checkContent(label, text, CONTENT_FILES[name]);
}

export function formatProblems(problems: readonly ContentProblem[]): string {
  return problems.map(({ file, line, column, message }) => `${file}:${line}:${column} ${message}`).join('\n');
}
