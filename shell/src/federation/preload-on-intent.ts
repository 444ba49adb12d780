import { useEffect } from 'react';
import { findRouteOwner } from '@rewards/shared/contracts/route-owner';
import type { RemoteConfig } from '@rewards/shared/contracts/runtime-config';

/**
 * Loads the route table of the remote a link leads to as soon as the visitor shows they may follow it (the
 * pointer on the link, or keyboard focus), so the page is there at once when they do. One listener for every
 * link of the page, the shell's and the remotes' alike; each remote is asked once.
 */
export function usePreloadOnIntent(remotes: RemoteConfig[], preload: (remoteName: string) => Promise<unknown>): void {
  useEffect(() => {
    const asked = new Set<string>();
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      const owner = findRouteOwner(link.pathname, remotes);
      if (!owner || asked.has(owner.name)) return;
      asked.add(owner.name);
      // A failed warm-up is no error: following the link loads it again and shows the fallback if it fails.
      preload(owner.name).catch(() => asked.delete(owner.name));
    };
    const options = { passive: true, capture: true };
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, options);
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, options);
    };
  }, [remotes, preload]);
}

const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;
