import { Worker } from 'node:worker_threads';
import type { PublishedContent } from '@rewards/shared/content/published-content';

export type RenderedPage = { file: string; html: string };

/** Far above a render (~0.3 s with the worker's start); a bundle that hangs is stopped. */
const RENDER_TIMEOUT_MS = 10_000;

// The bundle is CommonJS built for this (mf-marketing's prerender-build.ts); the worker ends once it answered.
// Its messages load first (`messagesReady`, absent from bundles built before the site spoke languages); its pages
// come as a promise (each language's messages load first), or at once from a build made before that.
const RENDER = `
const { parentPort, workerData } = require('node:worker_threads');
const bundle = require(workerData.bundle);
Promise.resolve(bundle.messagesReady && bundle.messagesReady())
  .then(() => bundle.renderPrerenderedPages(workerData.published))
  .then((pages) => parentPort.postMessage(pages));
`;

/**
 * Renders a marketing build's prerendered pages from `published` with its prerender bundle, in a worker thread:
 * the build's code runs apart from the server's (its own heap, capped; the store's and React's timers end
 * with it), and one that throws, hangs or runs out of memory fails this render only.
 */
export function renderInWorker(bundle: string, published: PublishedContent, timeoutMs = RENDER_TIMEOUT_MS): Promise<RenderedPage[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(RENDER, { eval: true, workerData: { bundle, published }, resourceLimits: { maxOldGenerationSizeMb: 256 } });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => settle(() => reject(new Error(`rendering with ${bundle} took over ${timeoutMs} ms`))), timeoutMs);
    worker.once('message', (pages: unknown) =>
      settle(() => (isRenderedPages(pages) ? resolve(pages) : reject(new Error(`${bundle} answered something else than pages`)))),
    );
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) => settle(() => reject(new Error(`the render worker ended (code ${code}) without pages`))));
  });
}

function isRenderedPages(value: unknown): value is RenderedPage[] {
  return Array.isArray(value) && value.every((page) => typeof page?.file === 'string' && typeof page?.html === 'string');
}
