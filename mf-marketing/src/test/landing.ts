import type { LandingContent } from '@rewards/shared/content/content-schemas';
import landing from '../../content/landing.json';

/** The English landing content as the repository has it (the page loads it as a chunk of its own). */
export const LANDING = landing as LandingContent;
