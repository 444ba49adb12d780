import type { FaqContent } from './content-schemas';
import faq from '../../content/faq.json';

// The build checks the file against its schema (content-check.ts); the cast only narrows JSON's widened types.
export const FAQ = faq as FaqContent;
