export type Throttled = { call: () => void; cancel: () => void };

/** Runs `run` at once, then at most once per `intervalMs`: the calls in between become one call at its end. */
export function throttled(run: () => void, intervalMs: number): Throttled {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let callWaiting = false;

  function call() {
    if (timer) {
      callWaiting = true;
      return;
    }
    run();
    timer = setTimeout(() => {
      timer = null;
      if (!callWaiting) return;
      callWaiting = false;
      call();
    }, intervalMs);
  }

  function cancel() {
    if (timer) clearTimeout(timer);
    timer = null;
    callWaiting = false;
  }

  return { call, cancel };
}
