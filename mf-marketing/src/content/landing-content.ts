import type { LandingContent } from './content-schemas';
import landing from '../../content/landing.json';

// The build checks the file against its schema (content-check.ts); the cast only narrows JSON's widened types.
export const LANDING = landing as LandingContent;
