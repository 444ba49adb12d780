import { startOfMinute, TelemetryBuffer, UnknownTelemetryKeyError } from './aggregate';
import { bucketIndex } from './histogram';
import type { KnownTelemetryKeys } from './known-keys';
import type { TelemetryEvent } from './schemas';

const known: KnownTelemetryKeys = {
  versionsByRemote: new Map([
    ['mf_earn', new Set(['unversioned', '1.0.0-aaaaaaaaaa'])],
    ['shell', new Set(['unversioned'])],
  ]),
  routes: new Set(['/Earn', '/offers']),
};
const at = new Date('2026-11-27T10:15:42.123Z');
const load = (route: string, version = 'unversioned'): TelemetryEvent => ({ type: 'load', remote: 'mf_earn', version, route });

describe('counting reports per minute and key', () => {
  it('counts each event in its minute row: remote as a package, unknown routes as other', () => {
    const buffer = new TelemetryBuffer();
    buffer.add(
      [
        load('/Earn'),
        load('/Earn'),
        { type: 'load_failed', remote: 'mf_earn', version: 'unversioned', route: '/Earn' },
        { type: 'error', remote: 'mf_earn', version: 'unversioned', route: '/secret/path?email=x' },
        { type: 'vital', remote: 'mf_earn', version: 'unversioned', route: '/Earn', name: 'LCP', value: 2100 },
        { type: 'vital', remote: 'mf_earn', version: 'unversioned', route: '/Earn', name: 'INP', value: 40 },
        { type: 'vital', remote: 'mf_earn', version: 'unversioned', route: '/Earn', name: 'CLS', value: 0.3 },
      ],
      known,
      at,
    );
    const rows = buffer.take();
    expect(buffer.size).toBe(0);
    expect(rows.map(({ minute, remote, route, loads, failedLoads, errors }) => ({ minute, remote, route, loads, failedLoads, errors }))).toEqual([
      { minute: new Date('2026-11-27T10:15:00.000Z'), remote: 'mf-earn', route: '/Earn', loads: 2, failedLoads: 1, errors: 0 },
      { minute: new Date('2026-11-27T10:15:00.000Z'), remote: 'mf-earn', route: 'other', loads: 0, failedLoads: 0, errors: 1 },
    ]);
    const [earn] = rows;
    expect(earn!.lcpBuckets[bucketIndex('lcp', 2100)]).toBe(1);
    expect(earn!.inpBuckets[bucketIndex('inp', 40)]).toBe(1);
    expect(earn!.clsBuckets[bucketIndex('cls', 0.3)]).toBe(1);
    expect(earn!.lcpBuckets.reduce((a, b) => a + b)).toBe(1);
  });

  it('refuses a whole report that names an unknown remote or version, counting none of it', () => {
    const buffer = new TelemetryBuffer();
    expect(() => buffer.add([load('/Earn'), { ...load('/Earn'), remote: 'mf_other' }], known, at)).toThrow(UnknownTelemetryKeyError);
    expect(() => buffer.add([load('/Earn', '2.0.0-ffffffffff')], known, at)).toThrow(UnknownTelemetryKeyError);
    expect(buffer.size).toBe(0);
  });

  it('holds at most its number of keys: a report needing more is dropped whole', () => {
    const buffer = new TelemetryBuffer(2);
    expect(buffer.add([load('/Earn'), load('/offers')], known, at)).toBe(true);
    expect(buffer.add([load('/Earn'), load('/Earn', '1.0.0-aaaaaaaaaa')], known, at)).toBe(false);
    expect(buffer.droppedReports).toBe(1);
    // Keys it holds still count.
    expect(buffer.add([load('/Earn')], known, at)).toBe(true);
    expect(buffer.take().map((row) => row.loads)).toEqual([2, 1]);
  });

  it('takes back rows a failed write returns, adding them to what came since', () => {
    const buffer = new TelemetryBuffer();
    buffer.add([load('/Earn')], known, at);
    const taken = buffer.take();
    buffer.add([load('/Earn'), { type: 'vital', remote: 'mf_earn', version: 'unversioned', route: '/Earn', name: 'LCP', value: 100 }], known, at);
    buffer.giveBack(taken);
    const [row] = buffer.take();
    expect(row!.loads).toBe(2);
    expect(row!.lcpBuckets[0]).toBe(1);
  });

  it('starts minutes on the minute', () => {
    expect(startOfMinute(new Date('2026-11-27T10:15:59.999Z')).toISOString()).toBe('2026-11-27T10:15:00.000Z');
  });
});
