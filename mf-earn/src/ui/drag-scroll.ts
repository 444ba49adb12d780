import { useCallback, useEffect, useRef, type MouseEvent as ReactMouseEvent, type RefObject } from 'react';
import { DRAG_THRESHOLD_PX } from '@rewards/shared/constants';

/** Spec §4: a pointer that travelled more than 5 px was a drag, and the click it ends with is not a click. */
export function isDrag(startX: number, currentX: number): boolean {
  return Math.abs(currentX - startX) > DRAG_THRESHOLD_PX;
}

type DragHandlers = {
  onMouseDown: (event: ReactMouseEvent<HTMLElement>) => void;
  onClickCapture: (event: ReactMouseEvent<HTMLElement>) => void;
};

/**
 * Mouse drag scrolls `trackRef` sideways (touch screens scroll natively). A drag past the threshold
 * swallows the click that ends it, so letting go over a card does not open it.
 */
export function useDragScroll(trackRef: RefObject<HTMLElement | null>): DragHandlers {
  const dragged = useRef(false);
  const detach = useRef<(() => void) | null>(null);

  useEffect(() => () => detach.current?.(), []);

  const onMouseDown = useCallback(
    (event: ReactMouseEvent<HTMLElement>) => {
      const track = trackRef.current;
      if (!track || event.button !== 0) return;
      const startX = event.clientX;
      const startScroll = track.scrollLeft;
      dragged.current = false;

      function onMove(move: MouseEvent) {
        if (!track) return;
        if (!dragged.current && isDrag(startX, move.clientX)) dragged.current = true;
        if (dragged.current) track.scrollLeft = startScroll - (move.clientX - startX);
      }
      function onUp() {
        detach.current?.();
      }
      window.addEventListener('mousemove', onMove);
      window.addEventListener('mouseup', onUp);
      detach.current = () => {
        window.removeEventListener('mousemove', onMove);
        window.removeEventListener('mouseup', onUp);
        detach.current = null;
      };
    },
    [trackRef],
  );

  const onClickCapture = useCallback((event: ReactMouseEvent<HTMLElement>) => {
    if (!dragged.current) return;
    dragged.current = false;
    event.preventDefault();
    event.stopPropagation();
  }, []);

  return { onMouseDown, onClickCapture };
}

/** Smooth scrolling unless the user asked for less motion. */
export function scrollBehavior(): ScrollBehavior {
  const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return reduce ? 'auto' : 'smooth';
}
