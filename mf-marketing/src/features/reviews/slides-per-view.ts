import { useSyncExternalStore } from 'react';
import { BREAKPOINTS } from '@rewards/shared/constants';

/** Spec §2/§9: 3 reviews side by side from 600 px, 2 from 480 px, 1 below. */
export function slidesPerView(viewportWidth: number): 1 | 2 | 3 {
  if (viewportWidth >= BREAKPOINTS.small) return 3;
  if (viewportWidth >= BREAKPOINTS.narrow) return 2;
  return 1;
}

const WIDE = `(min-width: ${BREAKPOINTS.small}px)`;
const MEDIUM = `(min-width: ${BREAKPOINTS.narrow}px)`;

function subscribe(onChange: () => void) {
  const queries = [window.matchMedia(WIDE), window.matchMedia(MEDIUM)];
  for (const query of queries) query.addEventListener('change', onChange);
  return () => {
    for (const query of queries) query.removeEventListener('change', onChange);
  };
}

function current(): 1 | 2 | 3 {
  if (window.matchMedia(WIDE).matches) return 3;
  return window.matchMedia(MEDIUM).matches ? 2 : 1;
}

/** The slides per view for the window's width now, following it as it changes. */
export function useSlidesPerView(): 1 | 2 | 3 {
  return useSyncExternalStore(subscribe, current, () => 3);
}
