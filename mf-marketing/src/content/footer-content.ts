import type { FooterContent } from './content-schemas';
import footer from '../../content/footer.json';

// The build checks the file against its schema (content-check.ts); the cast only narrows JSON's widened types.
export const FOOTER = footer as FooterContent;
