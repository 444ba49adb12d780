import { useEffect } from 'react';

/** The page behind an open modal does not scroll (on phones it would scroll under the sheet). */
export function useBodyScrollLock(): void {
  useEffect(() => {
    const { style } = document.body;
    const previous = style.overflow;
    style.overflow = 'hidden';
    return () => {
      style.overflow = previous;
    };
  }, []);
}
