import { yieldToBrowser } from './yield-to-browser';

/**
 * Runs the steps one after another, each in a task of its own: a step that loads modules runs their code in the
 * task its files arrived in, so steps run apart are tasks apart instead of one long one.
 */
export async function runInTasks(steps: ReadonlyArray<() => Promise<unknown>>, nextTask: () => Promise<void> = yieldToBrowser): Promise<void> {
  for (const step of steps) {
    await nextTask();
    await step();
  }
}
