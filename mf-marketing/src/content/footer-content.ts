import type { FooterContent } from '@rewards/shared/content/content-schemas';
import footer from '../../content/footer.json';
import { localizedContent } from './localized-content';

// Checked by its schema at build and at publish; the type only narrows JSON's widened types.
export const footerContent = localizedContent<FooterContent>('footer.json', footer, (locale) => import(/* webpackChunkName: "content-[request]" */ `../../content/${locale}/footer.json`));

/** In English (the published version, else the bundled one). */
export const FOOTER = footerContent.inLocale('en')!;
