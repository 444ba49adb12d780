import type { DocumentContent } from '@rewards/shared/content/content-schemas';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
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

/** A readable text page (terms, privacy, cookies, company pages) from its content file. */
export function DocumentPage({ titleKey, content }: { titleKey: DocumentTitle; content: DocumentContent }) {
  const t = useT();
  return (
    <PageLayout title={t(titleKey)} lead={content.lead}>
      <article className={styles.document}>
        <p className={styles.updated}>{t('document.updated', { date: formatUpdated(content.updated) })}</p>
        {content.sections.map((part) => (
          <ContentSection key={part.heading} part={part} styles={styles} />
        ))}
      </article>
    </PageLayout>
  );
}
