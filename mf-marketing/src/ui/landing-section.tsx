import type { ReactNode } from 'react';
import styles from './section.module.css';

type Props = {
  /** The id of the section's `<h2>`, which names the section. */
  titleId: string;
  heading: string;
  lead?: string;
  /** The raised band behind the section instead of the page's background. */
  band?: boolean;
  /** Added to the content column (a narrower column, a section's own layout). */
  innerClassName?: string;
  children: ReactNode;
};

/** A landing section: full-width band, the content column, its `<h2>` and lead line, then the section's own content. */
export function LandingSection({ titleId, heading, lead, band = false, innerClassName, children }: Props) {
  return (
    <section className={band ? styles.band : styles.section} aria-labelledby={titleId}>
      <div className={innerClassName ? `${styles.inner} ${innerClassName}` : styles.inner}>
        <header className={styles.header}>
          <h2 id={titleId} className={styles.heading}>
            {heading}
          </h2>
          {lead ? <p className={styles.lead}>{lead}</p> : null}
        </header>
        {children}
      </div>
    </section>
  );
}
