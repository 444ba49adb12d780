import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

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
  const loading = load();
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
      <Suspense fallback={loading}>
        <Loaded module={attempt.module} render={children} />
      </Suspense>
    </LoadBoundary>
  );
}

type ViewProps<M> = { render: (module: M) => ReactNode };

const views = new WeakMap<Promise<unknown>, ComponentType<ViewProps<never>>>();

/** A load that says when it has arrived, the way React reads a promise (`status`, `value`): see `markArrival`. */
type MarkedLoad<M> = Promise<M> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: M };

/**
 * Marks `loading` once it resolved, so a ModuleLoader mounted later (a remote's route table preloaded before
 * its first visit) renders the module at once: React.lazy suspends on any promise, even one that resolved,
 * and shows `loading` meanwhile. Returns `loading`.
 */
export function markArrival<M>(loading: Promise<M>): Promise<M> {
  const marked = loading as MarkedLoad<M>;
  loading.then(
    (value) => Object.assign(marked, { status: 'fulfilled', value }),
    () => undefined,
  );
  return loading;
}

/**
 * The module's view, one per load: React.lazy remembers a module once it arrived, so a load the caller keeps
 * (a remote's route table) renders at once when shown again, without a flash of `loading`; a load marked as
 * arrived (markArrival) renders at once the first time too.
 */
function viewOf<M>(module: Promise<M>): ComponentType<ViewProps<M>> {
  let view = views.get(module) as ComponentType<ViewProps<M>> | undefined;
  if (!view) {
    const viewOfLoaded = (loaded: M) => ({ default: ({ render }: ViewProps<M>) => render(loaded) });
    const marked = module as MarkedLoad<M>;
    view = lazy(() => (marked.status === 'fulfilled' ? alreadyResolved(viewOfLoaded(marked.value as M)) : module.then(viewOfLoaded)));
    views.set(module, view as ComponentType<ViewProps<never>>);
  }
  return view;
}

/** A thenable that calls back at once: React.lazy reads it as resolved in the same render. */
function alreadyResolved<T>(value: T): Promise<T> {
  const thenable = { then: (onResolved: (resolved: T) => unknown) => void onResolved(value) };
  return thenable as unknown as Promise<T>;
}

function Loaded<M>({ module, render }: { module: Promise<M> } & ViewProps<M>) {
  const View = viewOf(module);
  // eslint-disable-next-line react-hooks/static-components -- one component per load, kept in `views`: its identity is stable
  return <View render={render} />;
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
