import type { DocumentContent } from '@rewards/shared/content/content-schemas';
import { fromApi, localizedContent } from '../../content/localized-content';
import { DocumentPage } from '../../ui/document';
import content from '../../../content/pages/press.json';

// Checked by its schema at build and at publish; the type only narrows JSON's widened types.
const pressContent = localizedContent<DocumentContent>('pages/press.json', content, fromApi('pages/press.json'));

export default function PressPage() {
  return <DocumentPage titleKey="document.press.title" content={pressContent.useContent()} />;
}
