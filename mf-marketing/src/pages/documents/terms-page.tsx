import type { DocumentContent } from '@rewards/shared/content/content-schemas';
import { publishedContent } from '../../content/published-content';
import { DocumentPage } from '../../ui/document';
import content from '../../../content/pages/terms.json';

// Checked by its schema at build and at publish; the type only narrows JSON's widened types.
export default function TermsPage() {
  return <DocumentPage titleKey="document.terms.title" content={publishedContent<DocumentContent>('pages/terms.json', content)} />;
}
