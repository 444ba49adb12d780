import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';
import type { RemoteConfig, RuntimeConfig } from '@rewards/shared/contracts/runtime-config';
import { findRouteMatch } from '@rewards/shared/contracts/route-owner';
import type { Reporter, SeenEvent } from './telemetry-queue';

export const TELEMETRY_URL = '/api/telemetry';
/** A report goes out every this often while there is something to say, and whenever the page is hidden. */
export const FLUSH_EVERY_MS = 15_000;
/** Events per report: the API takes up to 100. */
export const MAX_EVENTS_PER_REPORT = 50;

/** Counted under this name: an error no remote's script or page can be blamed for, a page no remote owns. */
const SHELL = 'shell';
const UNVERSIONED = 'unversioned';
const OTHER_ROUTE = 'other';

/** An event as `POST /api/telemetry` takes it: a remote, its version and a route pattern; nothing personal. */
export type TelemetryEvent = { remote: string; version: string; route: string } & (
  | { type: 'load' | 'load_failed' | 'error' }
  | { type: 'vital'; name: 'LCP' | 'INP' | 'CLS'; value: number }
);

export type ReporterOptions = {
  send?: (body: string) => boolean;
  flushEveryMs?: number;
  /** Where Web Vitals come from (the `web-vitals` library). */
  vitals?: { onLCP: typeof onLCP; onINP: typeof onINP; onCLS: typeof onCLS };
};

/** The route pattern of a path as the runtime config names it (`/Earn` for `/earn/123`), else `other`. */
export function routePattern(path: string, remotes: RemoteConfig[]): string {
  return findRouteMatch(path, remotes)?.route ?? OTHER_ROUTE;
}

/**
 * The remote whose script threw, from the script's address (an uncaught error's file) or the error's stack: a
 * script under the folder of the remote's manifest, or `/remotes/<package>/` for a remote this site serves.
 */
export function remoteOfScript(error: unknown, source: string | undefined, remotes: RemoteConfig[], base = location.href): RemoteConfig | undefined {
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  const text = `${source ?? ''}\n${stack}`;
  return remotes.find((remote) => {
    const manifest = new URL(remote.manifest, base);
    const local = /^\/remotes\/[^/]+\//.exec(manifest.pathname)?.[0];
    const folder = local ? `${manifest.origin}${local}` : new URL('.', manifest).href;
    return text.includes(folder);
  });
}

function keyOf(remote: RemoteConfig | undefined, path: string, remotes: RemoteConfig[]) {
  return { remote: remote?.name ?? SHELL, version: remote?.version ?? UNVERSIONED, route: routePattern(path, remotes) };
}

/**
 * Turns what the page saw into reports and sends them with navigator.sendBeacon: batched (every FLUSH_EVERY_MS,
 * at MAX_EVENTS_PER_REPORT, and when the page is hidden or left), with the page's Web Vitals (LCP, INP, CLS)
 * counted for the route it was opened on (`openedPath`). `seen`: what happened before it started. Answers the reporter the
 * page's later events go to.
 */
export function startReporting(config: RuntimeConfig, seen: SeenEvent[], openedPath: string, options: ReporterOptions = {}): Reporter {
  const { send = (body: string) => navigator.sendBeacon?.(TELEMETRY_URL, body), flushEveryMs = FLUSH_EVERY_MS, vitals = { onLCP, onINP, onCLS } } = options;
  const remotes = config.remotes;
  const loaded = new Set<string>();
  let pending: TelemetryEvent[] = [];

  const flush = () => {
    while (pending.length > 0) {
      // A report the browser would not queue (over its beacon quota) is dropped: reports are a sample anyway.
      send(JSON.stringify({ events: pending.slice(0, MAX_EVENTS_PER_REPORT) }));
      pending = pending.slice(MAX_EVENTS_PER_REPORT);
    }
  };
  const add = (event: TelemetryEvent) => {
    pending.push(event);
    if (pending.length >= MAX_EVENTS_PER_REPORT || document.visibilityState === 'hidden') flush();
  };

  // A failed load's error, which a boundary then catches too: counted once, as the failed load.
  const loadFailures = new WeakSet<object>();
  const report: Reporter = ([type, subject, extra, path]) => {
    if (type === 'caught' || type === 'error') {
      if (typeof subject === 'object' && subject && loadFailures.has(subject)) return;
      const source = typeof extra === 'string' ? extra : undefined;
      const blamed = remoteOfScript(subject, source, remotes) ?? (type === 'caught' ? findRouteMatch(path, remotes)?.remote : undefined);
      return add({ type: 'error', ...keyOf(blamed, path, remotes) });
    }
    const module = String(subject);
    if (type === 'load_failed' && typeof extra === 'object' && extra) loadFailures.add(extra);
    const remote = remotes.find(({ name }) => name === module.split('/')[0]);
    // A module of a remote the document does not list (none today) has nothing to be counted under.
    if (!remote) return;
    if (type === 'load') {
      // A module counts once a page: showing it again reuses what loaded.
      if (loaded.has(module)) return;
      loaded.add(module);
    }
    add({ type, ...keyOf(remote, path, remotes) });
  };

  // The vitals of the page as it was opened: the remote that drew it and its route.
  const openedOn = keyOf(findRouteMatch(openedPath, remotes)?.remote, openedPath, remotes);
  const addVital = ({ name, value }: Metric) => {
    if ((name === 'LCP' || name === 'INP' || name === 'CLS') && Number.isFinite(value) && value >= 0) add({ type: 'vital', ...openedOn, name, value });
  };
  vitals.onLCP(addVital);
  vitals.onINP(addVital);
  vitals.onCLS(addVital);

  seen.splice(0).forEach(report);
  setInterval(flush, flushEveryMs);
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  addEventListener('pagehide', flush);
  return report;
}
