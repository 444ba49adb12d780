import type { FaqContent } from '@rewards/shared/content/content-schemas';
import faq from '../../content/faq.json';
import { fromApi, localizedContent } from './localized-content';

// Checked by its schema at build and at publish; the type only narrows JSON's widened types. A translation
// comes from the API (no chunk per language listed in the first script): it is not on the prerendered screen.
export const faqContent = localizedContent<FaqContent>('faq.json', faq, fromApi('faq.json'));

/** In English (the published version, else the bundled one). */
export const FAQ = faqContent.inLocale('en')!;
