/**
 * The names of the marketing content files, as in `mf-marketing/content/`: the English files unprefixed
 * (`faq.json`, `pages/terms.json`), each translation under its language's folder (`de/faq.json`). No schema
 * here (zod stays out of the browser): the pages use these names to pick the file of the page's language.
 *
 * The legal pages (terms, privacy, cookies) are English in every language: the English text is the one that
 * applies, and a page in another language says so in that language (`legalNote` of its `footer.json`).
 */
import { DEFAULT_LOCALE, intlLocale, LOCALES, type Locale, type SiteLocale } from '../i18n/locales';

export const ENGLISH_CONTENT_FILES = [
  'landing.json',
  'faq.json',
  'contests.json',
  'about.json',
  'contact.json',
  'footer.json',
  'pages/terms.json',
  'pages/privacy.json',
  'pages/cookies.json',
  'pages/affiliates.json',
  'pages/advertisers.json',
  'pages/careers.json',
  'pages/press.json',
] as const;

/** A content file's name in English, the source language: `faq.json`, `pages/terms.json`. */
export type EnglishContentFile = (typeof ENGLISH_CONTENT_FILES)[number];

export const ENGLISH_ONLY_FILES = ['pages/terms.json', 'pages/privacy.json', 'pages/cookies.json'] as const satisfies readonly EnglishContentFile[];
export type EnglishOnlyFile = (typeof ENGLISH_ONLY_FILES)[number];
export type TranslatedContentFile = Exclude<EnglishContentFile, EnglishOnlyFile>;

/** The languages with a folder of their own: every one but English. */
export type ContentLocale = Exclude<Locale, 'en'>;
export const CONTENT_LOCALES = /* @__PURE__ */ LOCALES.filter((locale): locale is ContentLocale => locale !== DEFAULT_LOCALE);

/** A content file's name: English unprefixed, a translation under its language (`de/faq.json`). */
export type ContentFile = EnglishContentFile | `${ContentLocale}/${TranslatedContentFile}`;

export function isEnglishOnly(file: EnglishContentFile): file is EnglishOnlyFile {
  return (ENGLISH_ONLY_FILES as readonly string[]).includes(file);
}

/** Every content file: the English ones, then each language's translations. */
export const CONTENT_FILE_NAMES: readonly ContentFile[] = /* @__PURE__ */ [
  ...ENGLISH_CONTENT_FILES,
  ...CONTENT_LOCALES.flatMap((locale) =>
    ENGLISH_CONTENT_FILES.filter((file): file is TranslatedContentFile => !isEnglishOnly(file)).map((file) => `${locale}/${file}` as const),
  ),
];

const NAMES = /* @__PURE__ */ new Set<string>(CONTENT_FILE_NAMES);

export function isContentFile(name: unknown): name is ContentFile {
  return typeof name === 'string' && NAMES.has(name);
}

/** The file `file` is a translation of (itself for English) and its language. */
export function splitContentFile(file: ContentFile): { locale: Locale; english: EnglishContentFile } {
  const slash = file.indexOf('/');
  const prefix = slash < 0 ? '' : file.slice(0, slash);
  if ((CONTENT_LOCALES as readonly string[]).includes(prefix)) return { locale: prefix as ContentLocale, english: file.slice(slash + 1) as EnglishContentFile };
  return { locale: DEFAULT_LOCALE, english: file as EnglishContentFile };
}

/** The file a page in `locale` shows for `english`: its translation, or the English file (English, a legal page). */
export function fileInLocale(english: EnglishContentFile, locale: SiteLocale): ContentFile {
  const language = intlLocale(locale);
  if (language === 'en' || isEnglishOnly(english)) return english;
  return `${language}/${english}`;
}
