import type { DocumentContent } from '@rewards/shared/content/content-schemas';
import { publishedContent } from '../../content/published-content';
import { DocumentPage } from '../../ui/document';
import content from '../../../content/pages/cookies.json';

// Checked by its schema at build and at publish; the type only narrows JSON's widened types.
export default function CookiesPage() {
  return <DocumentPage titleKey="document.cookies.title" content={publishedContent<DocumentContent>('pages/cookies.json', content)} />;
}
