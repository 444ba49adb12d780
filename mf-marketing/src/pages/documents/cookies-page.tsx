import type { DocumentContent } from '@rewards/shared/content/content-schemas';
import { localizedContent } from '../../content/localized-content';
import { DocumentPage } from '../../ui/document';
import content from '../../../content/pages/cookies.json';

// English in every language: the English text applies (DocumentPage says so in the page's language).
const cookiesContent = localizedContent<DocumentContent>('pages/cookies.json', content);

export default function CookiesPage() {
  return <DocumentPage titleKey="document.cookies.title" content={cookiesContent.useContent()} englishOnly />;
}
