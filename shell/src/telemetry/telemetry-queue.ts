import type { RuntimeConfig } from '@rewards/shared/contracts/runtime-config';
import { savesData } from '../scheduling/saves-data';
import { whenPageSettled } from '../scheduling/when-page-settled';

/**
 * What the page saw, kept as it came (a tuple: this part loads with every page, so it stays small) for the
 * reporter, which makes reports of it once the page settled (docs/telemetry.md):
 * - `load`, module (`mf_earn/routes`): a federated module loaded;
 * - `load_failed`, module, error: its manifest, entry or a chunk failed, or it came too late;
 * - `caught`, error: an error boundary caught it (a failed load's error too: the reporter counts that once);
 * - `error`, error, script address: nothing caught it.
 * The last item is the page's path then.
 */
export type SeenEvent =
  | [type: 'load', module: string, unused: undefined, path: string]
  | [type: 'load_failed', module: string, error: unknown, path: string]
  | [type: 'caught', error: unknown, unused: undefined, path: string]
  | [type: 'error', error: unknown, source: string | undefined, path: string];

export type Reporter = (event: SeenEvent) => void;
export type ReporterModule = { startReporting(config: RuntimeConfig, seen: SeenEvent[], openedPath: string): Reporter };

/** The reporter loads this long after the page's load, once idle: nothing of it competes with the first screen. */
const REPORTER_DELAY_MS = 3000;
/** Events kept until the reporter is there. */
const MAX_SEEN = 200;

let seen: SeenEvent[] | undefined;
let report: Reporter | undefined;
let startReporter: (() => void) | undefined;

/**
 * Draws this page's sample (runtime config `telemetry.sampleRate`, none without it); in it, keeps what happens
 * from now on and loads the reporter once the page settled, or at once on the first failure (the page may not last).
 * A browser saving data (Save-Data, 2G) is left out: like the idle preloads, the reporter is nothing its user asked for.
 */
export function startTelemetry(config: RuntimeConfig, load: () => Promise<ReporterModule>): void {
  if (!(Math.random() < (config.telemetry?.sampleRate ?? 0)) || savesData()) return;
  const queue: SeenEvent[] = (seen = []);
  const openedPath = location.pathname;
  startReporter = () => {
    startReporter = undefined;
    void load().then((reporter) => (report = reporter.startReporting(config, queue, openedPath)));
  };
  whenPageSettled(() => startReporter?.(), REPORTER_DELAY_MS);
  addEventListener('error', (event) => noteTelemetry('error', event.error, event.filename));
  addEventListener('unhandledrejection', (event) => noteTelemetry('error', event.reason));
}

/** Notes an event (see SeenEvent); nothing outside the sample. */
export function noteTelemetry(type: 'load', module: string): void;
export function noteTelemetry(type: 'load_failed', module: string, error: unknown): void;
export function noteTelemetry(type: 'caught', error: unknown): void;
export function noteTelemetry(type: 'error', error: unknown, source?: string): void;
export function noteTelemetry(type: SeenEvent[0], subject: unknown, extra?: unknown): void {
  const event = [type, subject, extra, location.pathname] as SeenEvent;
  if (report) report(event);
  else if (seen && seen.length < MAX_SEEN) seen.push(event);
  if (type !== 'load') startReporter?.();
}
