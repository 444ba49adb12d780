import { useEffect, useRef, type ReactNode } from 'react';
import styles from './console-page.module.css';

type Props = { title: string; lead?: ReactNode; actions?: ReactNode; children: ReactNode };

let firstPageShown = false;

/**
 * A page of the console: its one `<h1>`, which takes the focus when the staff member moves between pages (a
 * screen reader announces where they are; not on the console's first page, where the browser's own focus stays).
 */
export function ConsolePage({ title, lead, actions, children }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (firstPageShown) heading.current?.focus();
    firstPageShown = true;
  }, [title]);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 ref={heading} tabIndex={-1} className={styles.title}>
            {title}
          </h1>
          {lead ? <p className={styles.lead}>{lead}</p> : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}
