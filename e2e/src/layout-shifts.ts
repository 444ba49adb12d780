import type { BrowserContext, Page } from 'playwright-core';

// Every layout shift from the first frame on, as Lighthouse's CLS counts them (none after an input here).
const WATCH_SHIFTS = `
  window.layoutShifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.layoutShifts.push(entry.value);
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** Has every page of `context` record its layout shifts from its first frame on. */
export async function watchLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: WATCH_SHIFTS });
}

/** The layout shifts the page recorded (`watchLayoutShifts`), each its score. */
export function layoutShifts(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
}
