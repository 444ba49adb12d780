import type { DocumentContent } from '../content/content-schemas';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { RichText } from './rich-text';
import styles from './document.module.css';

const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** A readable text page (terms, privacy, cookies, company pages) from its content file. */
export function DocumentPage({ title, content }: { title: string; content: DocumentContent }) {
  return (
    <PageLayout title={title} lead={content.lead}>
      <article className={styles.document}>
        <p className={styles.updated}>Last updated {DATE.format(new Date(`${content.updated}T00:00:00Z`))}</p>
        {content.sections.map((part) => (
          <section key={part.heading} className={styles.section}>
            <h2 className={styles.heading}>{part.heading}</h2>
            {part.paragraphs?.map((paragraph) => (
              <p key={paragraph} className={styles.paragraph}>
                <RichText text={paragraph} />
              </p>
            ))}
            {part.items?.length ? (
              <ul className={styles.list}>
                {part.items.map((item) => (
                  <li key={item}>
                    <RichText text={item} />
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </article>
    </PageLayout>
  );
}
