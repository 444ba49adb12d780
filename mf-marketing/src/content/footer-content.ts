import type { FooterContent } from '@rewards/shared/content/content-schemas';
import footer from '../../content/footer.json';
import { publishedContent } from './published-content';

// Checked by its schema at build and at publish; the type only narrows JSON's widened types.
export const FOOTER = publishedContent<FooterContent>('footer.json', footer);
