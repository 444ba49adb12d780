/**
 * Runs `task` once the page has loaded, `delayMs` have passed and the browser is idle; the returned function
 * cancels it. Without `requestIdleCallback` it runs after the delay. For work the page can do without for a
 * while (live channels, preloading the likely next page), so it never competes with the page being shown.
 */
export function whenPageSettled(task: () => void, delayMs: number): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idleHandle: number | undefined;
  const afterDelay = () => {
    timer = setTimeout(() => {
      if (cancelled) return;
      if (typeof window.requestIdleCallback === 'function') idleHandle = window.requestIdleCallback(() => !cancelled && task(), { timeout: IDLE_WAIT_MAX_MS });
      else task();
    }, delayMs);
  };
  if (document.readyState === 'complete') afterDelay();
  else window.addEventListener('load', afterDelay, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', afterDelay);
    clearTimeout(timer);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
  };
}

// A browser that never idles still gets the task (its live updates) after this long.
const IDLE_WAIT_MAX_MS = 2_000;
