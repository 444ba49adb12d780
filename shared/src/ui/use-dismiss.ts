import { useEffect, useRef, type RefObject } from 'react';

/** Closes a popup on a press outside `containerRef` or on Escape, while `open`. */
export function useDismiss(containerRef: RefObject<HTMLElement | null>, open: boolean, onDismiss: () => void): void {
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  });

  useEffect(() => {
    if (!open) return undefined;
    function onPointerDown(event: PointerEvent) {
      const container = containerRef.current;
      if (container && event.target instanceof Node && !container.contains(event.target)) dismissRef.current();
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') dismissRef.current();
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [containerRef, open]);
}
