import { Suspense, type ComponentType } from 'react';
import { parseExposed } from '@rewards/shared/contracts/federated-modules';
import { useRetryableLazy } from '@rewards/shared/ui/use-retryable-lazy';
import { loadRemoteModule } from '../federation/federation-runtime';
import { RemoteBoundary } from './remote-boundary';
import { useRuntimeConfig } from './runtime-config-context';
import styles from './footer-slot.module.css';

type FooterModule = { default: ComponentType };

/**
 * The site footer, below every page: whichever remote the runtime config names (mf-marketing's). While it
 * loads, and if it cannot load, there is simply no footer: the page around it keeps working.
 */
export function FooterSlot() {
  const { footer } = useRuntimeConfig();
  const parts = footer ? parseExposed(footer) : null;
  return parts ? <FooterArea key={footer} remote={parts[0]} module={parts[1]} /> : null;
}

function FooterArea({ remote, module }: { remote: string; module: string }) {
  const { Component: Footer, attempt } = useRetryableLazy(() => loadRemoteModule<FooterModule>(remote, module));
  return (
    <div className={styles.area}>
      <RemoteBoundary key={attempt} remoteName={`${remote}/${module}`} onRetry={() => undefined} renderFallback={() => null}>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      </RemoteBoundary>
    </div>
  );
}
