import type { DocumentContent } from '@rewards/shared/content/content-schemas';
import { fromApi, localizedContent } from '../../content/localized-content';
import { DocumentPage } from '../../ui/document';
import content from '../../../content/pages/advertisers.json';

// Checked by its schema at build and at publish; the type only narrows JSON's widened types.
const advertisersContent = localizedContent<DocumentContent>('pages/advertisers.json', content, fromApi('pages/advertisers.json'));

export default function AdvertisersPage() {
  return <DocumentPage titleKey="document.advertisers.title" content={advertisersContent.useContent()} />;
}
