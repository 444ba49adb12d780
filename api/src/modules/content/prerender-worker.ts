import type { PublishedContent } from '@rewards/shared/content/published-content';
import { answerFromWorker, BUNDLE_WORKER_TIMEOUT_MS } from '../../plugins/bundle-worker';

export type RenderedPage = { file: string; html: string };

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

/** Renders a marketing build's prerendered pages from `published` with its prerender bundle, in a worker thread. */
export function renderInWorker(bundle: string, published: PublishedContent, timeoutMs = BUNDLE_WORKER_TIMEOUT_MS): Promise<RenderedPage[]> {
  return answerFromWorker(RENDER, { bundle, published }, isRenderedPages, `rendering with ${bundle}`, timeoutMs);
}

function isRenderedPages(value: unknown): value is RenderedPage[] {
  return Array.isArray(value) && value.every((page) => typeof page?.file === 'string' && typeof page?.html === 'string');
}
