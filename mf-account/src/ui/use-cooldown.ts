import { useCallback, useEffect, useState } from 'react';

/** How long before an emailed code can be sent again (the server answers 429 sooner). */
export const CODE_RESEND_WAIT_MS = 60_000;

type Clock = { until: number; now: number };

/**
 * A wait before an action may be repeated (e.g. "Resend code" after 60 s): `secondsLeft` counts down once a
 * second to 0, `start()` begins a new wait. `startedNow` begins the first one at mount.
 */
export function useCooldown(durationMs: number, startedNow = false) {
  const [clock, setClock] = useState<Clock>(() => {
    const now = Date.now();
    return { until: startedNow ? now + durationMs : now, now };
  });

  const { until } = clock;
  useEffect(() => {
    if (until <= Date.now()) return undefined;
    const timer = setInterval(() => {
      const now = Date.now();
      setClock((current) => ({ ...current, now }));
      if (now >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);

  const start = useCallback(() => {
    const now = Date.now();
    setClock({ until: now + durationMs, now });
  }, [durationMs]);

  return { secondsLeft: Math.max(0, Math.ceil((clock.until - clock.now) / 1000)), start };
}
