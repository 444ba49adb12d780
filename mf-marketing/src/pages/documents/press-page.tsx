import type { DocumentContent } from '@rewards/shared/content/content-schemas';
import { publishedContent } from '../../content/published-content';
import { DocumentPage } from '../../ui/document';
import content from '../../../content/pages/press.json';

// Checked by its schema at build and at publish; the type only narrows JSON's widened types.
export default function PressPage() {
  return <DocumentPage titleKey="document.press.title" content={publishedContent<DocumentContent>('pages/press.json', content)} />;
}
