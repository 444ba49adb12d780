import type { DocumentContent } from '../../content/content-schemas';
import { DocumentPage } from '../../ui/document';
import content from '../../../content/pages/careers.json';

export default function CareersPage() {
  // The build checks the file against its schema (content-check.ts); the cast only narrows JSON's types.
  return <DocumentPage title="Careers" content={content as DocumentContent} />;
}
