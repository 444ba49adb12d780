import type { DocumentContent } from '@rewards/shared/content/content-schemas';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { footerContent } from '../content/footer-content';
// The page's language from the locale store, which the shell shares with every remote (`en-XA` formats as English).
import { getLocale } from '@rewards/shared/translate/locale-store';
import { useT } from '../pages/messages';
import { ContentSection } from './content-section';
import styles from './document.module.css';

// One per language, made on first use, not when the module loads: creating an Intl formatter is costly (ICU start-up).
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function formatUpdated(day: string): string {
  const locale = getLocale();
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(`${day}T00:00:00Z`));
}

type DocumentTitle =
  | 'document.terms.title'
  | 'document.privacy.title'
  | 'document.cookies.title'
  | 'document.affiliates.title'
  | 'document.advertisers.title'
  | 'document.careers.title'
  | 'document.press.title';

/**
 * A readable text page (terms, privacy, cookies, company pages) from its content file. `englishOnly`: a legal
 * page, English in every language; in another language a note in that language says the English text applies.
 */
export function DocumentPage({ titleKey, content, englishOnly = false }: { titleKey: DocumentTitle; content: DocumentContent; englishOnly?: boolean }) {
  const t = useT();
  // English has no note: only a translation's footer carries one.
  const legalNote = footerContent.useContent().legalNote;
  const note = englishOnly ? legalNote : undefined;
  return (
    <PageLayout title={t(titleKey)} lead={content.lead}>
      {note && (
        <p className={styles.legalNote} role="note">
          {note}
        </p>
      )}
      <article className={styles.document} lang={note ? 'en' : undefined}>
        <p className={styles.updated}>{t('document.updated', { date: formatUpdated(content.updated) })}</p>
        {content.sections.map((part) => (
          <ContentSection key={part.heading} part={part} styles={styles} />
        ))}
      </article>
    </PageLayout>
  );
}
