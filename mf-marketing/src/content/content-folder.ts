/**
 * The build's check of the repository's content files (`mf-marketing/content/`): each by its schema, every
 * problem with the file, line and column (`@rewards/shared/content/content-check`). Node only.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkContentFile, type ContentProblem } from '@rewards/shared/content/content-check';
import { CONTENT_FILES, type ContentFile } from '@rewards/shared/content/content-schemas';

export const CONTENT_FILE_NAMES = Object.keys(CONTENT_FILES) as ContentFile[];

/** Checks every content file under `contentDir` (the folder `mf-marketing/content`). */
export function checkContentFolder(contentDir: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const name of CONTENT_FILE_NAMES) {
    const file = `content/${name}`;
    let text: string;
    try {
      text = readFileSync(path.join(contentDir, name), 'utf8');
    } catch {
      problems.push({ file, line: 1, column: 1, message: 'file is missing' });
      continue;
    }
    problems.push(...checkContentFile(name, text, file));
  }
  return problems;
}
