import type { DocumentContent } from '../../content/content-schemas';
import { DocumentPage } from '../../ui/document';
import content from '../../../content/pages/privacy.json';

export default function PrivacyPage() {
  // The build checks the file against its schema (content-check.ts); the cast only narrows JSON's types.
  return <DocumentPage title="Privacy Policy" content={content as DocumentContent} />;
}
