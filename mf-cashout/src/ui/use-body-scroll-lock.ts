import { useEffect } from 'react';

/** The page behind a modal stays still while the modal is open (a bottom sheet on phones). */
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
