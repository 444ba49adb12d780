import type { ReactNode } from 'react';
import styles from './page-layout.module.css';

type Props = {
  /** The page's one `<h1>`. */
  title: string;
  /** One line under the heading. */
  lead?: string;
  children?: ReactNode;
};

/** The content container and heading every page of every remote uses, so all pages line up as one site. */
export function PageLayout({ title, lead, children }: Props) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
      </header>
      {children}
    </div>
  );
}
