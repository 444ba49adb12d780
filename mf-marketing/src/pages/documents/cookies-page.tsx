import type { DocumentContent } from '../../content/content-schemas';
import { DocumentPage } from '../../ui/document';
import content from '../../../content/pages/cookies.json';

export default function CookiesPage() {
  // The build checks the file against its schema (content-check.ts); the cast only narrows JSON's types.
  return <DocumentPage title="Cookie Policy" content={content as DocumentContent} />;
}
