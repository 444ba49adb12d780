import type { Metric } from 'web-vitals';
import type { RuntimeConfig } from '@rewards/shared/contracts/runtime-config';
import { testRuntimeConfig } from '../test/runtime-config';
import { FLUSH_EVERY_MS, MAX_EVENTS_PER_REPORT, remoteOfScript, routePattern, startReporting, type ReporterOptions, type TelemetryEvent } from './telemetry-reporter';
import type { SeenEvent } from './telemetry-queue';

const EARN_VERSION = '1.0.0-aaaaaaaaaa';
const config: RuntimeConfig = {
  ...testRuntimeConfig,
  remotes: testRuntimeConfig.remotes.map((remote) =>
    remote.name === 'mf_earn' ? { ...remote, manifest: `/remotes/mf-earn/${EARN_VERSION}/mf-manifest.json`, version: EARN_VERSION } : remote,
  ),
  telemetry: { sampleRate: 1 },
};

/** The Web Vitals library stood in for: each metric's callback, to call as the browser would. */
function fakeVitals() {
  const callbacks: Partial<Record<'LCP' | 'INP' | 'CLS', (metric: Metric) => void>> = {};
  const on = (name: 'LCP' | 'INP' | 'CLS') => (callback: (metric: Metric) => void) => void (callbacks[name] = callback);
  const vitals = { onLCP: on('LCP'), onINP: on('INP'), onCLS: on('CLS') } as unknown as NonNullable<ReporterOptions['vitals']>;
  const measure = (name: 'LCP' | 'INP' | 'CLS', value: number) => callbacks[name]!({ name, value } as Metric);
  return { vitals, measure };
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
  window.dispatchEvent(new Event('visibilitychange'));
}

function reporter(seen: SeenEvent[] = [], openedPath = '/Earn') {
  const sent: string[] = [];
  const { vitals, measure } = fakeVitals();
  const report = startReporting(config, seen, openedPath, { send: (body) => (sent.push(body), true), vitals });
  const events = (): TelemetryEvent[] => sent.flatMap((body) => (JSON.parse(body) as { events: TelemetryEvent[] }).events);
  return { report, sent, events, measure };
}

const remoteScriptError = () => {
  const error = new Error('boom');
  error.stack = `TypeError: boom\n    at render (http://localhost/remotes/mf-earn/${EARN_VERSION}/static/js/412.abc.js:1:200)\n    at x (http://localhost/main.js:1:1)`;
  return error;
};

describe('the telemetry reporter', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    setVisibility('visible');
  });
  afterEach(() => jest.useRealTimers());

  it('batches events and sends them every interval as one report, no sooner', () => {
    const { report, sent, events } = reporter();
    report(['load', 'mf_earn/routes', undefined, '/Earn']);
    report(['load_failed', 'mf_cashout/withdrawals-panel', new Error('down'), '/Earn']);
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(FLUSH_EVERY_MS);
    expect(sent).toHaveLength(1);
    expect(events()).toEqual([
      { type: 'load', remote: 'mf_earn', version: EARN_VERSION, route: '/Earn' },
      { type: 'load_failed', remote: 'mf_cashout', version: 'unversioned', route: '/Earn' },
    ]);
    jest.advanceTimersByTime(FLUSH_EVERY_MS);
    expect(sent).toHaveLength(1);
  });

  it('sends at once when a batch is full, and when the page is hidden or left', () => {
    const { report, sent } = reporter();
    for (let n = 0; n < MAX_EVENTS_PER_REPORT; n++) report(['error', new Error(`e${n}`), undefined, '/Earn']);
    expect(sent).toHaveLength(1);
    report(['load', 'mf_earn/routes', undefined, '/Earn']);
    setVisibility('hidden');
    expect(sent).toHaveLength(2);
    setVisibility('visible');
    report(['load', 'mf_earn/partner-walls', undefined, '/Earn']);
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(3);
  });

  it('sends with navigator.sendBeacon to /api/telemetry: remote, version, route pattern and nothing personal', () => {
    const sendBeacon = jest.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: sendBeacon });
    const { vitals } = fakeVitals();
    const report = startReporting(config, [], '/offers/42', { vitals });
    report(['load', 'mf_earn/routes', undefined, '/offers/42?email=someone%40example.com&token=abc']);
    jest.advanceTimersByTime(FLUSH_EVERY_MS);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0] as unknown as [string, string];
    expect(url).toBe('/api/telemetry');
    expect(typeof body).toBe('string');
    expect(JSON.parse(body)).toEqual({ events: [{ type: 'load', remote: 'mf_earn', version: EARN_VERSION, route: '/offers' }] });
    expect(body).not.toMatch(/example|token|42/);
  });

  it('counts a module once a page, every failed attempt, and a failed load a boundary then catches once', () => {
    const { report, events } = reporter();
    const down = new Error('manifest 503');
    report(['load_failed', 'mf_cashout/withdrawals-panel', down, '/Earn']);
    report(['caught', down, undefined, '/Earn']);
    for (let n = 0; n < 3; n++) report(['load', 'mf_earn/routes', undefined, '/Earn']);
    report(['load_failed', 'mf_earn/partner-walls', new Error('down'), '/Earn']);
    report(['load_failed', 'mf_earn/partner-walls', new Error('down'), '/Earn']);
    report(['load', 'mf_nowhere/x', undefined, '/Earn']);
    jest.advanceTimersByTime(FLUSH_EVERY_MS);
    expect(events().map((event) => event.type)).toEqual(['load_failed', 'load', 'load_failed', 'load_failed']);
  });

  it('blames an error on the remote whose chunk threw, by the script address, whatever the page', () => {
    const { report, events } = reporter();
    report(['error', remoteScriptError(), undefined, '/Cashout']);
    report(['error', 'a string', `http://localhost/remotes/mf-earn/${EARN_VERSION}/remoteEntry.js`, '/']);
    // Nothing points at a remote: a boundary's catch is the page's remote, an uncaught one the shell's.
    report(['caught', new Error('no stack'), undefined, '/Profile/settings']);
    report(['error', new Error('from the shell'), 'http://localhost/main.js', '/Profile']);
    jest.advanceTimersByTime(FLUSH_EVERY_MS);
    expect(events()).toEqual([
      { type: 'error', remote: 'mf_earn', version: EARN_VERSION, route: '/Cashout' },
      { type: 'error', remote: 'mf_earn', version: EARN_VERSION, route: '/' },
      { type: 'error', remote: 'mf_account', version: 'unversioned', route: '/Profile' },
      { type: 'error', remote: 'shell', version: 'unversioned', route: '/Profile' },
    ]);
  });

  it('finds remotes by their manifest folder when another origin serves them', () => {
    const remotes = [{ name: 'mf_far', manifest: 'https://cdn.example.com/far/v2/mf-manifest.json', routes: ['/far'] }];
    const error = new Error('x');
    error.stack = 'Error: x\n    at a (https://cdn.example.com/far/v2/chunk.js:1:1)';
    expect(remoteOfScript(error, undefined, remotes)?.name).toBe('mf_far');
    expect(remoteOfScript(new Error('y'), 'https://cdn.example.com/other/chunk.js', remotes)).toBeUndefined();
  });

  it('reports LCP, INP and CLS for the route the page was opened on, sent once the page is hidden', () => {
    const { sent, events, measure } = reporter([], '/offers/12');
    measure('LCP', 1830.2);
    measure('CLS', 0.04);
    expect(sent).toEqual([]);
    setVisibility('hidden');
    measure('INP', 96);
    expect(events()).toEqual([
      { type: 'vital', remote: 'mf_earn', version: EARN_VERSION, route: '/offers', name: 'LCP', value: 1830.2 },
      { type: 'vital', remote: 'mf_earn', version: EARN_VERSION, route: '/offers', name: 'CLS', value: 0.04 },
      { type: 'vital', remote: 'mf_earn', version: EARN_VERSION, route: '/offers', name: 'INP', value: 96 },
    ]);
  });

  it('sends what happened before it started first', () => {
    const seen: SeenEvent[] = [['load', 'mf_marketing/routes', undefined, '/']];
    const { events } = reporter(seen, '/');
    expect(seen).toEqual([]);
    jest.advanceTimersByTime(FLUSH_EVERY_MS);
    expect(events()).toEqual([{ type: 'load', remote: 'mf_marketing', version: 'unversioned', route: '/' }]);
  });

  it('names routes by the runtime config’s patterns, any other path `other`', () => {
    expect(routePattern('/earn/offer/7', config.remotes)).toBe('/Earn');
    expect(routePattern('/', config.remotes)).toBe('/');
    expect(routePattern('/nowhere/at/all', config.remotes)).toBe('other');
  });
});

describe('what the page keeps until the reporter loads', () => {
  type Queue = typeof import('./telemetry-queue');
  function freshQueue(): Queue {
    let queue: Queue | undefined;
    jest.isolateModules(() => {
      queue = jest.requireActual<Queue>('./telemetry-queue');
    });
    return queue!;
  }
  const random = jest.spyOn(Math, 'random');
  afterAll(() => random.mockRestore());

  it('outside the sample keeps nothing and never loads the reporter', async () => {
    random.mockReturnValue(0.5);
    const queue = freshQueue();
    const load = jest.fn();
    queue.startTelemetry({ ...config, telemetry: { sampleRate: 0.4 } }, load);
    queue.noteTelemetry('load_failed', 'mf_earn/routes', new Error('down'));
    queue.noteTelemetry('caught', new Error('boom'));
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
  });

  it('without a telemetry setting reports nothing', () => {
    random.mockReturnValue(0);
    const queue = freshQueue();
    const load = jest.fn();
    queue.startTelemetry({ ...config, telemetry: undefined }, load);
    queue.noteTelemetry('error', new Error('boom'));
    expect(load).not.toHaveBeenCalled();
  });

  it('in the sample keeps events, loads the reporter at the first failure and hands them over, then reports as they come', async () => {
    random.mockReturnValue(0.5);
    const queue = freshQueue();
    const handed: Array<{ seen: SeenEvent[]; openedPath: string }> = [];
    const later: SeenEvent[] = [];
    const load = jest.fn(async () => ({
      startReporting: (_config: RuntimeConfig, seen: SeenEvent[], openedPath: string) => {
        handed.push({ seen: [...seen], openedPath });
        return (event: SeenEvent) => void later.push(event);
      },
    }));
    queue.startTelemetry({ ...config, telemetry: { sampleRate: 0.6 } }, load);
    queue.noteTelemetry('load', 'mf_earn/routes');
    expect(load).not.toHaveBeenCalled();
    const down = new Error('manifest 503');
    queue.noteTelemetry('load_failed', 'mf_cashout/withdrawals-panel', down);
    queue.noteTelemetry('caught', down);
    expect(load).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const path = location.pathname;
    expect(handed).toEqual([
      {
        seen: [
          ['load', 'mf_earn/routes', undefined, path],
          ['load_failed', 'mf_cashout/withdrawals-panel', down, path],
          ['caught', down, undefined, path],
        ],
        openedPath: path,
      },
    ]);
    const thrown = remoteScriptError();
    window.dispatchEvent(new ErrorEvent('error', { error: thrown, filename: 'http://localhost/remotes/mf-earn/x.js' }));
    expect(later).toEqual([['error', thrown, 'http://localhost/remotes/mf-earn/x.js', path]]);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
