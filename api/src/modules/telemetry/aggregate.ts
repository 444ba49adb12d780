import { addToHistogram, emptyHistogram } from './histogram';
import type { KnownTelemetryKeys } from './known-keys';
import { OTHER_ROUTE, telemetryRemoteName } from './keys';
import type { TelemetryEvent } from './schemas';
import type { TelemetryMinuteCounts } from './store';

/** Distinct minute/remote/version/route rows one instance holds between flushes; a report past it is not counted. */
export const MAX_BUFFERED_KEYS = 2000;

/** An event naming a remote or version outside the known keys: the whole report is refused. */
export class UnknownTelemetryKeyError extends Error {}

export function startOfMinute(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 60_000) * 60_000);
}

/** The row key an event counts under: its remote as a package name, and its route if known, else `other`. */
export function eventKey(event: TelemetryEvent, known: KnownTelemetryKeys): RowKey {
  const versions = known.versionsByRemote.get(event.remote);
  if (!versions) throw new UnknownTelemetryKeyError(`"${event.remote}" is not a remote of this site`);
  if (!versions.has(event.version)) throw new UnknownTelemetryKeyError(`"${event.version}" is not a version of ${event.remote} this site serves`);
  return { remote: telemetryRemoteName(event.remote), version: event.version, route: known.routes.has(event.route) ? event.route : OTHER_ROUTE };
}

type RowKey = { remote: string; version: string; route: string };

function rowKeyOf(minute: Date, key: RowKey): string {
  return `${minute.getTime()}\u0000${key.remote}\u0000${key.version}\u0000${key.route}`;
}

function emptyCounts(minute: Date, key: RowKey): TelemetryMinuteCounts {
  return { minute, ...key, loads: 0, failedLoads: 0, errors: 0, lcpBuckets: emptyHistogram('lcp'), inpBuckets: emptyHistogram('inp'), clsBuckets: emptyHistogram('cls') };
}

function count(row: TelemetryMinuteCounts, event: TelemetryEvent): void {
  switch (event.type) {
    case 'load':
      row.loads += 1;
      return;
    case 'load_failed':
      row.failedLoads += 1;
      return;
    case 'error':
      row.errors += 1;
      return;
    case 'vital':
      if (event.name === 'LCP') addToHistogram('lcp', row.lcpBuckets, event.value);
      else if (event.name === 'INP') addToHistogram('inp', row.inpBuckets, event.value);
      else addToHistogram('cls', row.clsBuckets, event.value);
  }
}

/**
 * Reports counted in memory per minute and key, written with one statement per flush (addTelemetryCounts):
 * a busy site's beacons cost the database a few statements a minute, not one each. A crash loses at most
 * one flush interval of counts.
 */
export class TelemetryBuffer {
  private rows = new Map<string, TelemetryMinuteCounts>();
  /** Reports not counted because the buffer held MAX_BUFFERED_KEYS keys. */
  droppedReports = 0;

  constructor(private readonly maxKeys = MAX_BUFFERED_KEYS) {}

  /**
   * Counts a report's events in the minute `at` falls in. All or nothing: an unknown remote or version throws
   * UnknownTelemetryKeyError, and a report that would need more keys than the buffer holds is dropped (false).
   */
  add(events: readonly TelemetryEvent[], known: KnownTelemetryKeys, at: Date): boolean {
    const minute = startOfMinute(at);
    const keyed = events.map((event) => ({ event, key: eventKey(event, known) }));
    const rowKeys = keyed.map(({ key }) => rowKeyOf(minute, key));
    const newKeys = new Set(rowKeys.filter((rowKey) => !this.rows.has(rowKey)));
    if (this.rows.size + newKeys.size > this.maxKeys) {
      this.droppedReports += 1;
      return false;
    }
    keyed.forEach(({ event, key }, index) => {
      const rowKey = rowKeys[index]!;
      let row = this.rows.get(rowKey);
      if (!row) this.rows.set(rowKey, (row = emptyCounts(minute, key)));
      count(row, event);
    });
    return true;
  }

  get size(): number {
    return this.rows.size;
  }

  /** The rows counted so far, leaving the buffer empty. */
  take(): TelemetryMinuteCounts[] {
    const rows = [...this.rows.values()];
    this.rows = new Map();
    return rows;
  }

  /** Puts rows back that could not be written, unless the buffer is full (then they are lost). */
  giveBack(rows: readonly TelemetryMinuteCounts[]): void {
    for (const row of rows) {
      const rowKey = rowKeyOf(row.minute, row);
      const kept = this.rows.get(rowKey);
      if (kept) {
        kept.loads += row.loads;
        kept.failedLoads += row.failedLoads;
        kept.errors += row.errors;
        row.lcpBuckets.forEach((value, index) => (kept.lcpBuckets[index]! += value));
        row.inpBuckets.forEach((value, index) => (kept.inpBuckets[index]! += value));
        row.clsBuckets.forEach((value, index) => (kept.clsBuckets[index]! += value));
      } else if (this.rows.size < this.maxKeys) {
        this.rows.set(rowKey, row);
      }
    }
  }
}
