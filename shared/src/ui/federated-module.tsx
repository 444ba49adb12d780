import type { ComponentType, ReactNode } from 'react';
// By package name, not a relative path: a remote's own copy of this file must reach the host's instance of
// the contract (shared as a singleton under `@rewards/shared/`), the one the host gave its loader to.
import { loadExposedModule, type RemoteModuleLoader } from '@rewards/shared/contracts/federated-modules';
import { ModuleLoader } from './module-loader';
import { RetryNotice } from './retry-notice';
import { useT } from './ui-messages';
import styles from './federated-module.module.css';

export type FederatedModuleProps<P extends object> = {
  /** `remote/module`: a slot or an embed of the runtime config. */
  exposed: string;
  /** What the area shows, e.g. "Partner walls", in the page's language, for the loading and failure notices. */
  label: string;
  /** Props of the module's default export. */
  props?: P;
  /**
   * `inline` (default): a placeholder, then a notice with Retry, in the page's flow. `overlay`: something the
   * user opened (a modal): a spinner over the page, then a floating notice with Retry and Dismiss (`onDismiss`).
   * `hidden`: nothing while it loads, nothing if it fails (the footer). `reserved`: an empty box holding the
   * module's place while it loads (sized by `className`, or `minHeight`), so nothing moves when it arrives;
   * nothing if it fails (a banner whose place is known before it loads).
   */
  placement?: 'inline' | 'overlay' | 'hidden' | 'reserved';
  /** `overlay`: the user closes what they opened. */
  onDismiss?: () => void;
  /** `inline`, `reserved`: height (px) the placeholder keeps, so the page does not jump when the module arrives. */
  minHeight?: number;
  /**
   * `inline`: placement of the placeholder and the notice (e.g. the margin the module's own section has).
   * `reserved`: the box's size (e.g. a min-height per width).
   */
  className?: string;
  /** The host's own federation loader; a remote leaves it out and reaches the host's through the contract. */
  loader?: RemoteModuleLoader;
};

type LoadedModule<P> = { default: ComponentType<P> };

async function loadComponent<P>(exposed: string, loader: RemoteModuleLoader | undefined): Promise<LoadedModule<P>> {
  const loaded = await loadExposedModule<{ default?: unknown } | null | undefined>(exposed, loader);
  const component = loaded?.default;
  const renderable = typeof component === 'function' || (typeof component === 'object' && component !== null);
  if (!renderable) throw new Error(`${exposed} has no default export to render`);
  return { default: component as ComponentType<P> };
}

/**
 * Shows a remote's exposed component (its default export), loaded through the host's federation runtime:
 * the shell's slots and one remote's sections in another's page. If it fails, only its area says so.
 */
export function FederatedModule<P extends object = Record<string, never>>({ exposed, ...rest }: FederatedModuleProps<P>) {
  // Another module is another load: start over rather than show the previous one's state.
  return <FederatedModuleArea<P> key={exposed} exposed={exposed} {...rest} />;
}

function FederatedModuleArea<P extends object>(options: FederatedModuleProps<P>) {
  const { exposed, props, loader } = options;
  return (
    <ModuleLoader
      logAs={`Federated module ${exposed}`}
      load={() => loadComponent<P>(exposed, loader)}
      loading={<Loading {...options} />}
      failure={(retry) => <Failure {...options} onRetry={retry} />}
    >
      {({ default: Module }) => <Module {...((props ?? {}) as P)} />}
    </ModuleLoader>
  );
}

function Loading({ placement = 'inline', exposed, label, minHeight, className }: FederatedModuleProps<object>): ReactNode {
  const t = useT();
  if (placement === 'hidden') return null;
  // Nothing to read or announce: only the place the module will take.
  if (placement === 'reserved') return <div className={className} style={minHeight ? { minHeight } : undefined} aria-hidden="true" data-federated-reserved={exposed} />;
  if (placement === 'overlay') {
    return (
      <div className={styles.overlay} role="status" aria-label={t('federatedModule.loading', { label })}>
        <span className={styles.spinner} />
      </div>
    );
  }
  return (
    <div
      className={[styles.placeholder, className].filter(Boolean).join(' ')}
      style={minHeight ? { minHeight } : undefined}
      role="status"
      aria-label={t('federatedModule.loading', { label })}
    >
      <span className={styles.skeletonTitle} />
      <span className={styles.skeletonBody} />
    </div>
  );
}

function Failure({ placement = 'inline', exposed, label, className, onDismiss, onRetry }: FederatedModuleProps<object> & { onRetry: () => void }) {
  const t = useT();
  if (placement === 'hidden' || placement === 'reserved') return null;
  if (placement === 'overlay') {
    return (
      <RetryNotice
        placement="floating"
        message={t('federatedModule.unavailable', { label })}
        onRetry={onRetry}
        onDismiss={onDismiss}
        source={exposed}
      />
    );
  }
  return (
    <RetryNotice
      placement="inline"
      message={t('federatedModule.failed', { label })}
      onRetry={onRetry}
      source={exposed}
      className={className}
    />
  );
}
