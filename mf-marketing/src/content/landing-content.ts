import type { LandingContent } from '@rewards/shared/content/content-schemas';
import { lazyEnglish, localizedContent } from './localized-content';

// Checked by its schema at build and at publish; the type only narrows JSON's widened types. English is a chunk
// of its own too: a visitor downloads the landing's words in their language only.
export const landingContent = localizedContent<LandingContent>(
  'landing.json',
  lazyEnglish(() => import('../../content/landing.json')),
  (locale) => import(`../../content/${locale}/landing.json`),
);
