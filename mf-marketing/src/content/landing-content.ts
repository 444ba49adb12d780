import type { LandingContent } from '@rewards/shared/content/content-schemas';
import landing from '../../content/landing.json';
import { localizedContent } from './localized-content';

// Checked by its schema at build and at publish; the type only narrows JSON's widened types.
export const landingContent = localizedContent<LandingContent>('landing.json', landing, (locale) => import(`../../content/${locale}/landing.json`));

/** In English (the published version, else the bundled one). */
export const LANDING = landingContent.inLocale('en')!;
