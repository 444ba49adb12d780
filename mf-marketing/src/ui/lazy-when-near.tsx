import { Suspense, type ReactNode } from 'react';
import { useNearViewport } from '@rewards/shared/ui/use-near-viewport';
import styles from './lazy-when-near.module.css';

type Props = {
  /** What screen readers hear while it loads ("Loading the reviews"). */
  label: string;
  /** Height the placeholder keeps, so the page does not jump. */
  minHeight: number;
  /** How far below the viewport loading starts. */
  aheadPx?: number;
  children: ReactNode;
};

// Start loading well before the section scrolls into view, so it is there when the reader arrives.
const AHEAD_PX = 600;

/**
 * Renders `children` (lazy sections) only once the reader scrolls near them: a visitor who leaves after the
 * hero never downloads them. Without IntersectionObserver they render at once.
 */
export function LazyWhenNear({ label, minHeight, aheadPx = AHEAD_PX, children }: Props) {
  const { ref, near } = useNearViewport<HTMLDivElement>(`${aheadPx}px 0px`);
  const placeholder = <div ref={ref} className={styles.placeholder} style={{ minHeight }} role="status" aria-label={label} />;
  return near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
