import type { DocumentContent } from '@rewards/shared/content/content-schemas';
import { fromApi, localizedContent } from '../../content/localized-content';
import { DocumentPage } from '../../ui/document';
import content from '../../../content/pages/affiliates.json';

// Checked by its schema at build and at publish; the type only narrows JSON's widened types.
const affiliatesContent = localizedContent<DocumentContent>('pages/affiliates.json', content, fromApi('pages/affiliates.json'));

export default function AffiliatesPage() {
  return <DocumentPage titleKey="document.affiliates.title" content={affiliatesContent.useContent()} />;
}
