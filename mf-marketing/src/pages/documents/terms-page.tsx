import type { DocumentContent } from '@rewards/shared/content/content-schemas';
import { localizedContent } from '../../content/localized-content';
import { DocumentPage } from '../../ui/document';
import content from '../../../content/pages/terms.json';

// English in every language: the English text applies (DocumentPage says so in the page's language).
const termsContent = localizedContent<DocumentContent>('pages/terms.json', content);

export default function TermsPage() {
  return <DocumentPage titleKey="document.terms.title" content={termsContent.useContent()} englishOnly />;
}
