import { Suspense, type ComponentType } from 'react';
// By package name, not a relative path: a remote's own copy of this file must reach the host's instance of
// the contract (shared as a singleton under `@rewards/shared/`), the one the host gave its loader to.
import { loadExposedModule } from '@rewards/shared/contracts/federated-modules';
import { FederatedModuleBoundary } from './federated-module-boundary';
import { useRetryableLazy } from './use-retryable-lazy';
import styles from './federated-module.module.css';

type Props<P extends object> = {
  /** `remote/module`, one of `EMBEDS` (contracts/embeds). */
  exposed: string;
  /** What the area shows, e.g. "Partner walls", for the loading and failure notices. */
  label: string;
  /** Props of the module's default export. */
  props?: P;
  /** Height (px) the loading placeholder keeps, so the page does not jump when the module arrives. */
  minHeight?: number;
  /** Placement of the placeholder and the notice (e.g. the margin the module's own section has). */
  className?: string;
};

type LoadedModule<P> = { default: ComponentType<P> };

async function loadComponent<P>(exposed: string): Promise<LoadedModule<P>> {
  const loaded = await loadExposedModule<{ default?: unknown } | null | undefined>(exposed);
  const component = loaded?.default;
  const renderable = typeof component === 'function' || (typeof component === 'object' && component !== null);
  if (!renderable) throw new Error(`${exposed} has no default export to render`);
  return { default: component as ComponentType<P> };
}

/**
 * Shows another remote's exposed component (its default export), loaded through the host's federation
 * runtime. While it loads a placeholder holds its place; if it fails, a notice with Retry stays in its area.
 */
export function FederatedModule<P extends object = Record<string, never>>({ exposed, ...rest }: Props<P>) {
  // Another module is another load: start over rather than show the previous one's state.
  return <FederatedModuleArea<P> key={exposed} exposed={exposed} {...rest} />;
}

function FederatedModuleArea<P extends object>({ exposed, label, props, minHeight, className }: Props<P>) {
  const { Component: Module, attempt, retry } = useRetryableLazy(() => loadComponent<P>(exposed));

  return (
    <FederatedModuleBoundary
      key={attempt}
      exposed={exposed}
      fallback={<FailureNotice exposed={exposed} label={label} className={className} onRetry={retry} />}
    >
      <Suspense fallback={<LoadingPlaceholder label={label} className={className} minHeight={minHeight} />}>
        <Module {...((props ?? {}) as P)} />
      </Suspense>
    </FederatedModuleBoundary>
  );
}

const withPlacement = (own: string | undefined, className: string | undefined) =>
  [own, className].filter(Boolean).join(' ');

type PlaceholderProps = { label: string; className: string | undefined; minHeight: number | undefined };

function LoadingPlaceholder({ label, className, minHeight }: PlaceholderProps) {
  return (
    <div
      className={withPlacement(styles.loading, className)}
      style={minHeight ? { minHeight } : undefined}
      role="status"
      aria-label={`Loading ${label}`}
    >
      <span className={styles.skeletonTitle} />
      <span className={styles.skeletonBody} />
    </div>
  );
}

type NoticeProps = { exposed: string; label: string; className: string | undefined; onRetry: () => void };

function FailureNotice({ exposed, label, className, onRetry }: NoticeProps) {
  return (
    // Polite, not an alert: the page around it works, and nothing the user did failed.
    <div className={withPlacement(styles.notice, className)} role="status" data-federated-fallback={exposed}>
      <p className={styles.text}>{label} could not be loaded. Please try again in a moment.</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
