import type { RuntimeConfig } from '@rewards/shared/contracts/runtime-config';
import { whenPageSettled } from '../scheduling/when-page-settled';

/**
 * What happened, as the page saw it: turned into a report (remote, version, route pattern) by the reporter,
 * which loads once the page settled. Only this small part loads with the page (docs/telemetry.md).
 */
export type SeenEvent = { path: string } & (
  | { type: 'load' | 'load_failed'; module: string }
  /** `caught`: an error boundary caught it (else uncaught); `source`: the script of an uncaught error. */
  | { type: 'error'; error: unknown; caught: boolean; source?: string }
);

export type Reporter = (event: SeenEvent) => void;

/** The reporter loads this long after the page's load, once idle: nothing of it competes with the first screen. */
const REPORTER_DELAY_MS = 3000;

let seen: SeenEvent[] | null = null;
let report: Reporter | undefined;
let startReporter: (() => void) | undefined;
const loadFailures = new WeakSet<object>();

/**
 * Draws this page's sample (runtime config `telemetry.sampleRate`); when in it, keeps what happens from now on
 * and loads the reporter once the page settled, or at once on the first failure (the page may not last).
 */
export function startTelemetry(
  config: RuntimeConfig,
  load: () => Promise<{ startReporting(config: RuntimeConfig, seen: SeenEvent[], openedPath: string): Reporter }>,
): void {
  if (!(Math.random() < (config.telemetry?.sampleRate ?? 0)) || !navigator.sendBeacon) return;
  seen = [];
  const openedPath = location.pathname;
  let started = false;
  startReporter = () => {
    if (started) return;
    started = true;
    void load().then((reporter) => (report = reporter.startReporting(config, seen!, openedPath)));
  };
  whenPageSettled(startReporter, REPORTER_DELAY_MS);
  addEventListener('error', (event) => noteError(event.error, false, event.filename));
  addEventListener('unhandledrejection', (event) => noteError(event.reason, false));
}

function note(event: SeenEvent): void {
  if (report) report(event);
  else if (seen && seen.length < 200) seen.push(event);
  if (event.type !== 'load') startReporter?.();
}

/** A federated module (`mf_earn/routes`) loaded, or failed to (its error is then not counted again as an error). */
export function noteModuleLoad(module: string, error?: unknown): void {
  if (error === undefined) return note({ type: 'load', module, path: location.pathname });
  if (typeof error === 'object' && error) loadFailures.add(error);
  note({ type: 'load_failed', module, path: location.pathname });
}

/** An error an error boundary caught (`caught`), or one nothing caught; a module's failed load is not one. */
export function noteError(error: unknown, caught: boolean, source?: string): void {
  if (typeof error === 'object' && error && loadFailures.has(error)) return;
  note({ type: 'error', error, caught, source, path: location.pathname });
}
