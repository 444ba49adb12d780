import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './lazy-when-near.module.css';

type Props = {
  /** What is loading, for screen readers. */
  label: string;
  /** Height the placeholder keeps, so the page does not jump. */
  minHeight: number;
  children: ReactNode;
};

// Start loading well before the section scrolls into view, so it is there when the reader arrives.
const AHEAD_PX = 600;

/**
 * Renders `children` (lazy sections) only once the reader scrolls near them: a visitor who leaves after the
 * hero never downloads them. Without IntersectionObserver they render at once.
 */
export function LazyWhenNear({ label, minHeight, children }: Props) {
  const anchor = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    if (near || !anchor.current) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${AHEAD_PX}px 0px` },
    );
    observer.observe(anchor.current);
    return () => observer.disconnect();
  }, [near]);

  const placeholder = <div ref={anchor} className={styles.placeholder} style={{ minHeight }} role="status" aria-label={`Loading ${label}`} />;
  return near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
