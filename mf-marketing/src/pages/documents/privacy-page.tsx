import type { DocumentContent } from '@rewards/shared/content/content-schemas';
import { localizedContent } from '../../content/localized-content';
import { DocumentPage } from '../../ui/document';
import content from '../../../content/pages/privacy.json';

// English in every language: the English text applies (DocumentPage says so in the page's language).
const privacyContent = localizedContent<DocumentContent>('pages/privacy.json', content);

export default function PrivacyPage() {
  return <DocumentPage titleKey="document.privacy.title" content={privacyContent.useContent()} englishOnly />;
}
