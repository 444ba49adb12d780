import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContentFile } from '@rewards/shared/content/content-schemas';

/** The repository's content files: mf-marketing's build bundles them, and they are the content's first version. */
export function repositoryContentDir(repoRoot: string): string {
  return join(repoRoot, 'mf-marketing', 'content');
}

/** The repository's text of `file`, or null when this machine has no such file (an API deployed alone). */
export async function readRepositoryFile(repoRoot: string, file: ContentFile): Promise<string | null> {
  // `file` is one of CONTENT_FILES' names, never a path typed by someone.
  return readFile(join(repositoryContentDir(repoRoot), file), 'utf8').catch(() => null);
}
