import { useCallback, useEffect, useRef } from 'react';

/** `setTimeout` whose pending calls are dropped when the component unmounts (a closed modal does nothing later). */
export function useTimeouts(): (callback: () => void, delayMs: number) => void {
  const pending = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const timers = pending.current;
    return () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    };
  }, []);
  return useCallback((callback: () => void, delayMs: number) => {
    const timer = setTimeout(() => {
      pending.current.delete(timer);
      callback();
    }, delayMs);
    pending.current.add(timer);
  }, []);
}

/** Resolves after `delayMs`. */
export function wait(delayMs: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, delayMs));
}
