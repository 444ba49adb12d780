import { Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { parseExposed } from '@rewards/shared/contracts/federated-modules';
import { useRetryableLazy } from '@rewards/shared/ui/use-retryable-lazy';
import { loadRemoteModule } from '../federation/federation-runtime';
import { RemoteBoundary } from './remote-boundary';
import { useRuntimeConfig } from './runtime-config-context';
import styles from './footer-slot.module.css';

type FooterModule = { default: ComponentType };

// The footer loads once a few pixels of its place scroll into view. The page's <main> is at least a
// screen tall, so the footer always starts below the fold: a reader who never scrolls never pays for it.
const VISIBLE_PX = 8;

/**
 * The site footer, below every page: whichever remote the runtime config names (mf-marketing's). While it
 * loads, and if it cannot load, there is simply no footer: the page around it keeps working.
 */
export function FooterSlot() {
  const { footer } = useRuntimeConfig();
  const parts = footer ? parseExposed(footer) : null;
  const sentinel = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    if (near || !parts || !sentinel.current) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: `0px 0px -${VISIBLE_PX}px 0px` });
    observer.observe(sentinel.current);
    return () => observer.disconnect();
  }, [near, footer]);

  if (!parts) return null;
  return (
    <div className={styles.area} ref={sentinel}>
      {near ? <FooterArea key={footer} remote={parts[0]} module={parts[1]} /> : null}
    </div>
  );
}

function FooterArea({ remote, module }: { remote: string; module: string }) {
  const { Component: Footer, attempt } = useRetryableLazy(() => loadRemoteModule<FooterModule>(remote, module));
  return (
    <RemoteBoundary key={attempt} remoteName={`${remote}/${module}`} onRetry={() => undefined} renderFallback={() => null}>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </RemoteBoundary>
  );
}
