import { useEffect, useEffectEvent } from 'react';
import { TICKER_STEP_MS } from '@rewards/shared/constants';

/** Time to the next multiple of the step on the wall clock: every open page steps at the same moments. */
export function msUntilNextStep(now: number, stepMs: number = TICKER_STEP_MS): number {
  return stepMs - (now % stepMs);
}

/** Calls `onStep` on every 7 s boundary of the clock while `running`. */
export function useStepClock(onStep: () => void, running: boolean): void {
  const step = useEffectEvent(onStep);
  useEffect(() => {
    if (!running) return;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      // Scheduled afresh each time from the clock, so timer drift never adds up.
      timer = setTimeout(() => {
        step();
        schedule();
      }, msUntilNextStep(Date.now()));
    };
    schedule();
    return () => clearTimeout(timer);
  }, [running]);
}
