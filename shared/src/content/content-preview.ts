/**
 * A draft of the marketing content seen on the real pages before it is published: staff open a page with
 * `?preview=<draft id>` and the site server puts the draft into that page (only for a signed-in staff member;
 * anyone else gets the page as without the parameter).
 */
import { type ContentFile, type EnglishContentFile, splitContentFile } from './content-files';

export const PREVIEW_PARAM = 'preview';

/** The page that shows the most of each file (footer.json is on every page). */
const PAGE_OF_FILE: Record<EnglishContentFile, string> = {
  'landing.json': '/',
  'faq.json': '/faq',
  'contests.json': '/contest',
  'about.json': '/about-us',
  'contact.json': '/contact',
  'footer.json': '/about-us',
  'pages/terms.json': '/terms',
  'pages/privacy.json': '/privacy',
  'pages/cookies.json': '/cookies',
  'pages/affiliates.json': '/affiliates',
  'pages/advertisers.json': '/advertisers',
  'pages/careers.json': '/careers',
  'pages/press.json': '/press',
};

/**
 * Where a draft of `file` is previewed: its page with `?preview=<id>` (a translation's draft shows on the page
 * in its language: the staff member picks that language in the footer).
 */
export function previewPathOf(file: ContentFile, draftId: number): string {
  return `${PAGE_OF_FILE[splitContentFile(file).english]}?${PREVIEW_PARAM}=${draftId}`;
}
