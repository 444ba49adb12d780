import type { DocumentContent } from '@rewards/shared/content/content-schemas';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { footerContent } from '../content/footer-content';
import { ContentSection } from './content-section';
import styles from './document.module.css';

// Made on first use, not when the module loads: creating an Intl formatter is costly (ICU start-up).
let dateFormat: Intl.DateTimeFormat | undefined;

function formatUpdated(day: string): string {
  dateFormat ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return dateFormat.format(new Date(`${day}T00:00:00Z`));
}

/**
 * A readable text page (terms, privacy, cookies, company pages) from its content file. `englishOnly`: a legal
 * page, English in every language; in another language a note in that language says the English text applies.
 */
export function DocumentPage({ title, content, englishOnly = false }: { title: string; content: DocumentContent; englishOnly?: boolean }) {
  // English has no note: only a translation's footer carries one.
  const legalNote = footerContent.useContent().legalNote;
  const note = englishOnly ? legalNote : undefined;
  return (
    <PageLayout title={title} lead={content.lead}>
      {note && (
        <p className={styles.legalNote} role="note">
          {note}
        </p>
      )}
      <article className={styles.document} lang={note ? 'en' : undefined}>
        <p className={styles.updated}>Last updated {formatUpdated(content.updated)}</p>
        {content.sections.map((part) => (
          <ContentSection key={part.heading} part={part} styles={styles} />
        ))}
      </article>
    </PageLayout>
  );
}
