import { useEffect, useRef, type ReactNode } from 'react';
import styles from './two-factor-flow.module.css';

/** A step's heading, which takes the focus when the step opens: a screen reader starts reading there. */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h4 ref={ref} tabIndex={-1} className={styles.stepTitle}>
      {children}
    </h4>
  );
}
