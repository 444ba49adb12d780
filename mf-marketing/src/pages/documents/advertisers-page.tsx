import type { DocumentContent } from '../../content/content-schemas';
import { DocumentPage } from '../../ui/document';
import content from '../../../content/pages/advertisers.json';

export default function AdvertisersPage() {
  // The build checks the file against its schema (content-check.ts); the cast only narrows JSON's types.
  return <DocumentPage title="Advertisers" content={content as DocumentContent} />;
}
