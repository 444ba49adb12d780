/**
 * Ends the current task and resumes in a new one, so the browser can paint and answer input in between: the
 * start-up is several short tasks instead of one long one. `scheduler.yield` where the browser has it (the
 * continuation runs before other queued work), a message otherwise (no timer clamping, unlike setTimeout).
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
