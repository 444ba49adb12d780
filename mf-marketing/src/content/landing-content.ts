import type { LandingContent } from '@rewards/shared/content/content-schemas';
import landing from '../../content/landing.json';
import { publishedContent } from './published-content';

// Checked by its schema at build and at publish; the type only narrows JSON's widened types.
export const LANDING = publishedContent<LandingContent>('landing.json', landing);
