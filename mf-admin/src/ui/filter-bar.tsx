import type { ReactNode } from 'react';
import styles from './filter-bar.module.css';

/** The filters above a list, side by side where there is room. */
export function FilterBar({ children }: { children: ReactNode }) {
  return <div className={styles.bar}>{children}</div>;
}
