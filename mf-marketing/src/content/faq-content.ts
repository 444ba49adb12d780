import type { FaqContent } from '@rewards/shared/content/content-schemas';
import faq from '../../content/faq.json';
import { publishedContent } from './published-content';

// Checked by its schema at build and at publish; the type only narrows JSON's widened types.
export const FAQ = publishedContent<FaqContent>('faq.json', faq);
