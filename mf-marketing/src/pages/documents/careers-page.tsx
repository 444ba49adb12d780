import type { DocumentContent } from '@rewards/shared/content/content-schemas';
import { fromApi, localizedContent } from '../../content/localized-content';
import { DocumentPage } from '../../ui/document';
import content from '../../../content/pages/careers.json';

// Checked by its schema at build and at publish; the type only narrows JSON's widened types.
const careersContent = localizedContent<DocumentContent>('pages/careers.json', content, fromApi('pages/careers.json'));

export default function CareersPage() {
  return <DocumentPage titleKey="document.careers.title" content={careersContent.useContent()} />;
}
