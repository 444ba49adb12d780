import type { FaqContent } from '@rewards/shared/content/content-schemas';
import faq from '../../content/faq.json';
import { localizedContent } from './localized-content';

// Checked by its schema at build and at publish; the type only narrows JSON's widened types.
export const faqContent = localizedContent<FaqContent>('faq.json', faq, (locale) => import(/* webpackChunkName: "content-[request]" */ `../../content/${locale}/faq.json`));

/** In English (the published version, else the bundled one). */
export const FAQ = faqContent.inLocale('en')!;
