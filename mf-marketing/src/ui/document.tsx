import type { DocumentContent } from '@rewards/shared/content/content-schemas';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { ContentSection } from './content-section';
import styles from './document.module.css';

// Made on first use, not when the module loads: creating an Intl formatter is costly (ICU start-up).
let dateFormat: Intl.DateTimeFormat | undefined;

function formatUpdated(day: string): string {
  dateFormat ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return dateFormat.format(new Date(`${day}T00:00:00Z`));
}

/** A readable text page (terms, privacy, cookies, company pages) from its content file. */
export function DocumentPage({ title, content }: { title: string; content: DocumentContent }) {
  return (
    <PageLayout title={title} lead={content.lead}>
      <article className={styles.document}>
        <p className={styles.updated}>Last updated {formatUpdated(content.updated)}</p>
        {content.sections.map((part) => (
          <ContentSection key={part.heading} part={part} styles={styles} />
        ))}
      </article>
    </PageLayout>
  );
}
