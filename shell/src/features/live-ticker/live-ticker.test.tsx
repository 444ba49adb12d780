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
/** The server's last entries, newest first: "Server1 A." is the newest. */
const serverLeads = (count: number) => Array.from({ length: count }, (_, i) => lead(`Server${i + 1} A.`));

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
    for (const bad of [null, 'text', { name: 'A B.' }, { ...lead('Bad A.'), amount: '1.25' }, { ...lead('Bad B.'), offer: 'x'.repeat(500) }]) push(bad);
    expect(shownNames()).toEqual([]);
    expect(within(region()).getByText('The next payout shows up here.')).toBeInTheDocument();
  });

  it('keeps pushes that came before the server’s list, in front of it', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    await renderTicker();
    push(lead('Early B.'));
    answer(jsonResponse({ status: 'success', data: [lead('Early B.'), ...serverLeads(2)] }));
    await settle();
    expect(shownNames()).toEqual(['Early B.', 'Server1 A.', 'Server2 A.']);
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
