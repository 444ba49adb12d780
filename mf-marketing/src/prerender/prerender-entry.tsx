// The shell's global styles travel with the prerendered page: it is painted before the shell's CSS arrives.
import '@rewards/shared/styles/tokens.css';
import '@rewards/shared/styles/base.css';
import { LandingFirstScreen } from './landing-first-screen';
import { renderPage } from './render-page';

/** The public pages painted from the first HTML response: route → the file name under `dist/prerendered/`. */
export const PRERENDERED_PAGES = [{ path: '/', file: 'index', Page: LandingFirstScreen }] as const;

export function renderPrerenderedPages(): { file: string; html: string }[] {
  return PRERENDERED_PAGES.map(({ path, file, Page }) => ({ file, html: renderPage(Page, path) }));
}
