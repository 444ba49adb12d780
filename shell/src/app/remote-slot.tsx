import { Suspense, type ComponentType } from 'react';
import { parseExposed } from '@rewards/shared/contracts/federated-modules';
import type { SlotComponentProps } from '@rewards/shared/contracts/slots';
import { useRetryableLazy } from '@rewards/shared/ui/use-retryable-lazy';
import { loadRemoteModule } from '../federation/federation-runtime';
import { RemoteBoundary } from './remote-boundary';
import { SlotFailureNotice } from './slot-failure-notice';
import styles from './remote-slot.module.css';

type SlotModule = { default: ComponentType<SlotComponentProps> };

type SlotProps = {
  /** `remoteName/exposedModule`, from the runtime config. */
  exposed: string;
  /** What the user asked for, e.g. "Sign in", for the loading and failure notices. */
  label: string;
  onClose: () => void;
};

/** Shows a remote's exposed module (default export) while `when` holds; a failure stays a small notice. */
export function RemoteSlot({ when, ...props }: SlotProps & { when: boolean }) {
  return when ? <OpenSlot {...props} /> : null;
}

function OpenSlot({ exposed, label, onClose }: SlotProps) {
  const [remote, module] = parseExposed(exposed) ?? ['', ''];
  const { Component: Remote, attempt, retry } = useRetryableLazy(() => loadRemoteModule<SlotModule>(remote, module));

  return (
    <RemoteBoundary
      key={attempt}
      remoteName={exposed}
      onRetry={retry}
      renderFallback={(retryNow) => <SlotFailureNotice label={label} onRetry={retryNow} onClose={onClose} />}
    >
      <Suspense fallback={<SlotLoading label={label} />}>
        <Remote onClose={onClose} />
      </Suspense>
    </RemoteBoundary>
  );
}

function SlotLoading({ label }: { label: string }) {
  return (
    <div className={styles.loading} role="status" aria-label={`Loading ${label}`}>
      <span className={styles.spinner} />
    </div>
  );
}
