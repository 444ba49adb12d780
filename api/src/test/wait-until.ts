/**
 * Checks again every `everyMs` until the check holds, and fails naming what it waited for after `timeoutMs`.
 * The limit is for something that never happens, not a measure of how soon it does: a busy machine may take long.
 */
export async function waitUntil(check: () => boolean | Promise<boolean>, what: string, { timeoutMs = 30_000, everyMs = 50 } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
