import { Component, startTransition, Suspense, useEffect, useReducer, useState, type ReactNode } from 'react';

type Props<M> = {
  /** What loads, for the log: e.g. `Federated module mf_earn/partner-walls`, `Remote mf_earn`. */
  logAs: string;
  /** Starts one load; called again on each Retry. */
  load: () => Promise<M>;
  /** Holds the module's place while it loads. */
  loading: ReactNode;
  /** Shown once the module failed to load or threw while rendering; `retry` loads it again. */
  failure: (retry: () => void) => ReactNode;
  /** What the page shows with the module once it is there. */
  children: (module: M) => ReactNode;
};

function startLoad<M>(load: () => Promise<M>): Promise<M> {
  const loading = markOutcome(load());
  // The failure is shown by the boundary below; this keeps it from also being reported as unhandled.
  loading.catch(() => undefined);
  return loading;
}

/**
 * The one way the site shows code that arrives later: a remote's routes, a remote's component in a shell slot
 * or in another remote's page, a lazy chunk of the shell. While it loads `loading` holds its place; if it
 * fails to load or throws, only its area shows `failure`, and Retry starts a new load.
 */
export function ModuleLoader<M>({ logAs, load, loading, failure, children }: Props<M>) {
  const [attempt, setAttempt] = useState(() => ({ count: 0, module: startLoad(load) }));
  const retry = () => {
    const module = startLoad(load);
    setAttempt(({ count }) => ({ count: count + 1, module }));
  };
  return (
    // A new boundary per attempt: the failed one would keep showing its fallback.
    <LoadBoundary key={attempt.count} logAs={logAs} fallback={failure(retry)}>
      {/* For what the module's own view loads later (a lazy part of it). */}
      <Suspense fallback={loading}>
        <Loaded module={attempt.module} loading={loading} render={children} />
      </Suspense>
    </LoadBoundary>
  );
}

/** A load that says how it ended, the way React reads a promise (`status`, `value`, `reason`). */
type MarkedLoad<M> = Promise<M> & { status?: 'fulfilled' | 'rejected'; value?: M; reason?: unknown };

function markOutcome<M>(loading: Promise<M>): Promise<M> {
  const marked = loading as MarkedLoad<M>;
  // Nothing returned: the promise itself would be adopted, and its failure reported as unhandled.
  loading.then(
    (value) => void Object.assign(marked, { status: 'fulfilled', value }),
    (reason: unknown) => void Object.assign(marked, { status: 'rejected', reason }),
  );
  return loading;
}

/**
 * Marks `loading` once it resolved, so a ModuleLoader mounted later (a remote's route table preloaded before
 * its first visit) renders the module at once, without showing `loading` for a frame. Returns `loading`.
 */
export function markArrival<M>(loading: Promise<M>): Promise<M> {
  return markOutcome(loading);
}

/**
 * The module once it is there, else `loading`, without suspending: React holds back content that replaces a
 * Suspense fallback for up to 300 ms after that fallback showed, and the module arriving a moment after the
 * page's first paint (a route table) waited for that. A load that has arrived (marked) renders at once; one
 * that arrives later renders as a transition, in slices that leave the browser free to answer input (as a
 * Suspense retry did), not in one long task.
 */
function Loaded<M>({ module, loading, render }: { module: Promise<M>; loading: ReactNode; render: (module: M) => ReactNode }) {
  const marked = module as MarkedLoad<M>;
  const [, settled] = useReducer((count: number) => count + 1, 0);
  const status = marked.status;
  useEffect(() => {
    if (status) return;
    let mounted = true;
    const done = () => {
      if (mounted) startTransition(settled);
    };
    module.then(done, done);
    return () => {
      mounted = false;
    };
  }, [module, status]);
  if (status === 'rejected') throw marked.reason;
  return status === 'fulfilled' ? render(marked.value as M) : loading;
}

type BoundaryProps = { logAs: string; fallback: ReactNode; children: ReactNode };

class LoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`${this.props.logAs} failed`, error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
