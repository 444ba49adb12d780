import type { DocumentContent } from '../../content/content-schemas';
import { DocumentPage } from '../../ui/document';
import content from '../../../content/pages/press.json';

export default function PressPage() {
  // The build checks the file against its schema (content-check.ts); the cast only narrows JSON's types.
  return <DocumentPage title="Press" content={content as DocumentContent} />;
}
