import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';

/**
 * Whether the page's own content (the remote owning the path) is on screen. Site-wide extras (the live
 * ticker) wait for it, so they never compete with the page for the network or the main thread.
 */
export type PageShownSignal = { report(): void; isShown(): boolean; subscribe(listener: () => void): () => void };

/** A page whose remote never answers still gets its extras after this long. */
export const PAGE_SHOWN_FALLBACK_MS = 5_000;

export function createPageShownSignal(): PageShownSignal {
  let shown = false;
  const listeners = new Set<() => void>();
  return {
    report() {
      if (shown) return;
      shown = true;
      for (const listener of listeners) listener();
    },
    isShown: () => shown,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's one signal; tests provide their own. */
export const PageShownContext = createContext<PageShownSignal>(createPageShownSignal());

/** Rendered beside the page's content inside its Suspense boundary: it commits when the content does. */
export function ReportPageShown() {
  const signal = useContext(PageShownContext);
  useEffect(() => signal.report(), [signal]);
  return null;
}

/** True once the page's content was shown (or PAGE_SHOWN_FALLBACK_MS passed); stays true afterwards. */
export function usePageShown(): boolean {
  const signal = useContext(PageShownContext);
  useEffect(() => {
    const timer = setTimeout(signal.report, PAGE_SHOWN_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [signal]);
  return useSyncExternalStore(signal.subscribe, signal.isShown, () => false);
}
