import { lazy, useState, type ComponentType } from 'react';

/**
 * A lazily loaded component that a Retry can replace. React.lazy keeps a failed load for ever, so each retry
 * makes a new one; `attempt` keys the error boundary around it so the boundary starts over too. Call it above
 * the Suspense boundary: state of a component that suspends before mounting is thrown away.
 */
export function useRetryableLazy<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  const [current, setCurrent] = useState(() => ({ Component: lazy(load), attempt: 0 }));
  const retry = () => setCurrent(({ attempt }) => ({ Component: lazy(load), attempt: attempt + 1 }));
  return { ...current, retry };
}
