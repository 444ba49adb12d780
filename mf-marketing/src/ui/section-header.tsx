import styles from './section.module.css';

/** A landing section's `<h2>` (its id names the section) and its lead line. */
export function SectionHeader({ id, heading, lead }: { id: string; heading: string; lead?: string }) {
  return (
    <header className={styles.header}>
      <h2 id={id} className={styles.heading}>
        {heading}
      </h2>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
    </header>
  );
}
