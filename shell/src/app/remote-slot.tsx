import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { SlotComponentProps } from '@rewards/shared/contracts/slots';
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
  const [remote = '', module = ''] = splitExposed(exposed);
  // The lazy component lives above Suspense: state of a component that suspends before mounting is
  // thrown away, which would silently reload (and hide) a failed remote.
  const load = () => lazy(() => loadRemoteModule<SlotModule>(remote, module));
  const [slot, setSlot] = useState(() => ({ Remote: load(), attempt: 0 }));
  const retry = () => setSlot((current) => ({ Remote: load(), attempt: current.attempt + 1 }));
  const { Remote } = slot;

  return (
    <RemoteBoundary
      key={slot.attempt}
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

/** `mf_account/auth-modals` → [`mf_account`, `auth-modals`]. */
function splitExposed(exposed: string): [string, string] {
  const slash = exposed.indexOf('/');
  return [exposed.slice(0, slash), exposed.slice(slash + 1)];
}
