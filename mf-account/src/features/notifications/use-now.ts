import { useEffect, useState } from 'react';

/** The time now, as a number, renewed every `intervalMs` so relative times ("2 minutes ago") move on. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
