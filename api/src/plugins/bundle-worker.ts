import { Worker } from 'node:worker_threads';

/** Far above a render (~0.3 s with the worker's start); a bundle that hangs is stopped. */
export const BUNDLE_WORKER_TIMEOUT_MS = 10_000;

/**
 * Runs `script` (CommonJS, with `workerData`) in a worker thread and resolves with the first message it posts,
 * once `accept` takes it: a remote's prerender bundle runs apart from the server's code (its own heap, capped;
 * the store's and React's timers end with it), and one that throws, hangs or runs out of memory fails this
 * call only. `what` names the call in its errors.
 */
export function answerFromWorker<T>(
  script: string,
  workerData: unknown,
  accept: (answer: unknown) => answer is T,
  what: string,
  timeoutMs = BUNDLE_WORKER_TIMEOUT_MS,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, { eval: true, workerData, resourceLimits: { maxOldGenerationSizeMb: 256 } });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => settle(() => reject(new Error(`${what} took over ${timeoutMs} ms`))), timeoutMs);
    worker.once('message', (answer: unknown) => settle(() => (accept(answer) ? resolve(answer) : reject(new Error(`${what} answered something else`)))));
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) => settle(() => reject(new Error(`${what}: the worker ended (code ${code}) without an answer`))));
  });
}
