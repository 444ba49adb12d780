import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setApiBase } from '@rewards/shared/api/base-query';
import type { LiveLead } from '@rewards/shared/contracts/api-types';
import { setLiveStats } from '@rewards/shared/store/settings-slice';
import { jsonResponse, renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import FakePusher from '../../test/fake-pusher';
import { testRuntimeConfig } from '../../test/runtime-config';
import { createRealtimeConnection } from '../realtime';
import { LiveTickerSlot } from './live-ticker-slot';

jest.mock('pusher-js', () => jest.requireActual('../../test/fake-pusher'));

/** A moment 3 s past a 7 s boundary of the clock: the next step is 4 s away. */
const THREE_SECONDS_PAST_A_STEP = 7_000 * 250_000_000 + 3_000;

const lead = (name: string, amount = '$1.25'): LiveLead => ({ name, amount, wall: 'Bloomtask', offer: 'Dragon Forge Legends' });
/** An entry as the API sends it now: with the feed's id. */
const numbered = (id: number, name: string): LiveLead => ({ id, ...lead(name) });
/** The server's last entries, newest first: "Server1 A." is the newest. */
const serverLeads = (count: number) => Array.from({ length: count }, (_, i) => lead(`Server${i + 1} A.`));
/** The feed's entries `from` down to `to` (ids), as the server lists them: newest first. */
const feedEntries = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => numbered(from - i, `Entry${from - i} A.`));

let fetchMock: jest.SpyInstance;
let recentAnswers: LiveLead[][];

function goOffline() {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

function goOnline() {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  }));
}

/** Lets promises (the lazy chunk, the fetch, pusher-js's import) settle without moving the clock. */
async function settle() {
  for (let i = 0; i < 5; i++) await act(() => jest.advanceTimersByTimeAsync(0));
}

async function advance(ms: number) {
  await act(() => jest.advanceTimersByTimeAsync(ms));
}

const region = () => screen.getByRole('region', { name: 'Live earnings' });
/** What a screen reader reads of an element (decoration marked aria-hidden left out), spaces collapsed. */
function spokenText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}
/** Names on the ticker, front first. */
const shownNames = () => within(region()).queryAllByRole('listitem').map((item) => /^(\S+ \S\.)/.exec(spokenText(item))?.[1]);
const feed = () => FakePusher.instances[0]!.channel('fake-leads');
const push = (data: unknown) => act(() => feed().emit('lead.created', data));
/** The gateway confirms the page's subscription: on joining, and again after each reconnect. */
const subscribed = () => act(() => feed().emit('pusher:subscription_succeeded'));
const timesShown = (name: string) => shownNames().filter((shown) => shown === name).length;

async function renderTicker({ pageShown = true, liveStats = true, connectDelayMs = 0 } = {}) {
  const connection = createRealtimeConnection(testRuntimeConfig.realtime, '/api');
  const rendered = renderWithProviders(<LiveTickerSlot connection={connection} pageShown={pageShown} connectDelayMs={connectDelayMs} />, {
    preloadedState: { settings: { liveStats } },
  });
  await settle();
  return rendered;
}

describe('live ticker (spec §4)', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: THREE_SECONDS_PAST_A_STEP });
    setApiBase('/api');
    FakePusher.instances = [];
    mockReducedMotion(false);
    recentAnswers = [serverLeads(12)];
    fetchMock = jest.spyOn(window, 'fetch').mockImplementation(async () => jsonResponse({ status: 'success', data: recentAnswers.shift() ?? [] }));
  });

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('is a region named "Live earnings" showing the server’s last 12 entries at once, newest first', async () => {
    await renderTicker();
    expect(fetchMock).toHaveBeenCalledWith('/api/leads/recent', expect.anything());
    expect(shownNames()).toEqual(serverLeads(12).map((entry) => entry.name));
    expect(spokenText(within(region()).getAllByRole('listitem')[0]!)).toBe('Server1 A. earned $1.25 for Dragon Forge Legends on Bloomtask');
  });

  it('shows at most 12 entries, whatever the server sends', async () => {
    recentAnswers = [serverLeads(15)];
    await renderTicker();
    expect(shownNames()).toHaveLength(12);
  });

  it('shows the server’s entries at once but joins the live feed (pusher-js, the socket) only once the page has settled', async () => {
    await renderTicker({ connectDelayMs: 3_000 });
    expect(shownNames()).toHaveLength(12);
    expect(FakePusher.instances).toHaveLength(0);
    await advance(2_900);
    expect(FakePusher.instances).toHaveLength(0);
    await advance(100);
    await settle();
    expect(FakePusher.instances[0]!.channels.map((channel) => channel.name)).toEqual(['fake-leads']);
  });

  it('puts a real-time lead at the front at once, without waiting for the clock, and keeps 12', async () => {
    await renderTicker();
    expect(FakePusher.instances[0]!.channels.map((channel) => channel.name)).toEqual(['fake-leads']);
    push(lead('Pushed B.', '$4.00'));
    expect(shownNames()[0]).toBe('Pushed B.');
    expect(shownNames()).toHaveLength(12);
    expect(shownNames()).not.toContain('Server12 A.');
    push(lead('Pushed C.'));
    expect(shownNames().slice(0, 3)).toEqual(['Pushed C.', 'Pushed B.', 'Server1 A.']);
    expect(shownNames()).toHaveLength(12);
  });

  it('brings the oldest entry round to the front on each 7 s boundary of the clock, not in between', async () => {
    recentAnswers = [serverLeads(3)];
    await renderTicker();
    expect(shownNames()).toEqual(['Server1 A.', 'Server2 A.', 'Server3 A.']);
    await advance(3_999);
    expect(shownNames()).toEqual(['Server1 A.', 'Server2 A.', 'Server3 A.']);
    await advance(1);
    expect(Date.now() % 7_000).toBe(0);
    expect(shownNames()).toEqual(['Server3 A.', 'Server1 A.', 'Server2 A.']);
    await advance(6_999);
    expect(shownNames()).toEqual(['Server3 A.', 'Server1 A.', 'Server2 A.']);
    await advance(1);
    expect(shownNames()).toEqual(['Server2 A.', 'Server3 A.', 'Server1 A.']);
  });

  it('slides the new front entry in over 400 ms', async () => {
    await renderTicker();
    push(lead('Pushed B.'));
    const front = within(region()).getAllByRole('listitem')[0]!;
    expect(front).toHaveClass('entering');
    expect(within(region()).getAllByRole('listitem')[1]).not.toHaveClass('entering');
  });

  it('respects prefers-reduced-motion: entries change places without sliding', async () => {
    mockReducedMotion(true);
    await renderTicker();
    push(lead('Pushed B.'));
    const front = within(region()).getAllByRole('listitem')[0]!;
    expect(front).not.toHaveClass('entering');
    expect(front.parentElement).toHaveClass('still');
  });

  it('pauses and clears while the browser is offline, then reloads and goes on when back online', async () => {
    recentAnswers = [serverLeads(3), [lead('Fresh D.'), lead('Fresh E.')]];
    await renderTicker();
    goOffline();
    expect(shownNames()).toEqual([]);
    expect(within(region()).getByText('Paused while you are offline.')).toBeInTheDocument();
    push(lead('Pushed B.'));
    await advance(14_000);
    expect(shownNames()).toEqual([]);

    goOnline();
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(shownNames()).toEqual(['Fresh D.', 'Fresh E.']);
    await advance(msToNextStep());
    expect(shownNames()).toEqual(['Fresh E.', 'Fresh D.']);
    push(lead('Pushed F.'));
    expect(shownNames()[0]).toBe('Pushed F.');
  });

  it('holds the clock while a pointer rests on it', async () => {
    recentAnswers = [serverLeads(3)];
    await renderTicker();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.hover(within(region()).getAllByRole('listitem')[0]!);
    await advance(7_000);
    expect(shownNames()[0]).toBe('Server1 A.');
    await user.unhover(within(region()).getAllByRole('listitem')[0]!);
    await advance(msToNextStep());
    expect(shownNames()[0]).toBe('Server3 A.');
  });

  it('ignores pushes that are not a live lead', async () => {
    recentAnswers = [[]];
    await renderTicker();
    const badIds = [{ ...lead('Bad C.'), id: '7' }, { ...lead('Bad D.'), id: -1 }];
    for (const bad of [null, 'text', { name: 'A B.' }, { ...lead('Bad A.'), amount: '1.25' }, { ...lead('Bad B.'), offer: 'x'.repeat(500) }, ...badIds]) push(bad);
    expect(shownNames()).toEqual([]);
    expect(within(region()).getByText('The next payout shows up here.')).toBeInTheDocument();
  });

  it('keeps pushes that came before the server’s list, in front of it', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    await renderTicker();
    push(numbered(13, 'Early B.'));
    answer(jsonResponse({ status: 'success', data: [numbered(13, 'Early B.'), ...feedEntries(12, 11)] }));
    await settle();
    expect(shownNames()).toEqual(['Early B.', 'Entry12 A.', 'Entry11 A.']);
  });

  it('shows once an entry that went out between the first read and joining the feed (it came to nobody)', async () => {
    recentAnswers = [feedEntries(12, 1), feedEntries(13, 2)];
    await renderTicker({ connectDelayMs: 3_000 });
    expect(shownNames()[0]).toBe('Entry12 A.');
    await advance(3_000);
    await settle();
    subscribed();
    // An answer may be up to 3 s old (the API's cache, an HTTP cache): read sooner, it may not hold the entry yet.
    await advance(2_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await advance(1);
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(shownNames()[0]).toBe('Entry13 A.');
    expect(within(region()).getAllByRole('listitem')[0]).toHaveClass('entering');
    expect(timesShown('Entry13 A.')).toBe(1);
    expect(new Set(shownNames()).size).toBe(12);
  });

  it('shows once an entry that came both by the socket and in the list read on joining', async () => {
    recentAnswers = [feedEntries(12, 1), feedEntries(14, 3)];
    await renderTicker();
    subscribed();
    push(numbered(13, 'Entry13 A.'));
    await advance(3_000);
    await settle();
    expect(shownNames().slice(0, 3)).toEqual(['Entry14 A.', 'Entry13 A.', 'Entry12 A.']);
    expect(timesShown('Entry13 A.')).toBe(1);
    push(numbered(14, 'Entry14 A.'));
    expect(timesShown('Entry14 A.')).toBe(1);
    expect(shownNames()).toHaveLength(12);
  });

  it('brings, after a reconnect, what went out while the socket was down, and only that', async () => {
    recentAnswers = [feedEntries(12, 1), feedEntries(12, 1), feedEntries(15, 4)];
    await renderTicker();
    subscribed();
    await advance(3_000);
    await settle();
    expect(shownNames()).toEqual(feedEntries(12, 1).map((entry) => entry.name));
    push(numbered(13, 'Entry13 A.'));
    // The socket drops; 14 and 15 go out meanwhile; pusher-js reconnects and joins the channel again.
    await advance(10_000);
    subscribed();
    await advance(3_000);
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(shownNames().slice(0, 2)).toEqual(['Entry15 A.', 'Entry14 A.']);
    for (const name of ['Entry15 A.', 'Entry14 A.', 'Entry13 A.']) expect(timesShown(name)).toBe(1);
    expect(shownNames()).toHaveLength(12);
    expect(new Set(shownNames()).size).toBe(12);
  });

  it('reads once after joining several times in a row, and never after leaving', async () => {
    recentAnswers = [feedEntries(3, 1), feedEntries(4, 1)];
    const { store } = await renderTicker();
    subscribed();
    await advance(1_000);
    subscribed();
    await advance(3_000);
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(shownNames()[0]).toBe('Entry4 A.');
    subscribed();
    act(() => {
      store.dispatch(setLiveStats(false));
    });
    await advance(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('waits for the page’s own content before loading anything, keeping its place with a placeholder', async () => {
    const { rerender } = await renderTicker({ pageShown: false });
    expect(region()).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(FakePusher.instances).toHaveLength(0);
    const connection = createRealtimeConnection(testRuntimeConfig.realtime, '/api');
    rerender(<LiveTickerSlot connection={connection} pageShown connectDelayMs={0} />);
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(FakePusher.instances).toHaveLength(1);
  });

  describe('Live Stats setting', () => {
    it('shows nothing and loads nothing when Live Stats is off', async () => {
      await renderTicker({ liveStats: false });
      expect(screen.queryByRole('region', { name: 'Live earnings' })).not.toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
      expect(FakePusher.instances).toHaveLength(0);
    });

    it('hides the ticker at once when turned off (and closes its socket), and shows it again when turned on', async () => {
      recentAnswers = [serverLeads(12), serverLeads(2)];
      const { store } = await renderTicker();
      const pusher = FakePusher.instances[0]!;
      act(() => {
        store.dispatch(setLiveStats(false));
      });
      expect(screen.queryByRole('region', { name: 'Live earnings' })).not.toBeInTheDocument();
      expect(pusher.unsubscribed).toEqual(['fake-leads']);
      expect(pusher.disconnect).toHaveBeenCalledTimes(1);
      act(() => {
        store.dispatch(setLiveStats(true));
      });
      await settle();
      expect(shownNames()).toEqual(['Server1 A.', 'Server2 A.']);
      expect(FakePusher.instances).toHaveLength(2);
    });
  });
});

function msToNextStep() {
  return 7_000 - (Date.now() % 7_000);
}
