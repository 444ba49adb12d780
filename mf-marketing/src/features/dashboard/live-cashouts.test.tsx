import { act, screen, within } from '@testing-library/react';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { LANDING } from '../../test/landing';
import { preloadMessageFormatter } from '@rewards/shared/translate/messages';
import { t } from '../../pages/messages';
import { initialFeed, nextEventDelay, nextFeed } from './cashout-feed';
import { LiveCashouts } from './live-cashouts';

const content = LANDING.dashboard;

/** A repeatable "random": cycles through the given values. */
function sequence(...values: number[]) {
  let index = 0;
  return () => values[index++ % values.length]!;
}

const rows = () => within(screen.getByRole('list', { name: 'Latest cashouts' })).getAllByRole('listitem');
const total = () => screen.getByTestId('monthly-total').textContent;
const count = () => screen.getByTestId('transaction-count').textContent;

describe('live cashout dashboard (spec §4, simulated)', () => {
  afterEach(() => jest.useRealTimers());

  it('starts with 5 entries, the monthly total at $255,173.30 and the counter at 0', () => {
    renderWithProviders(<LiveCashouts content={content} random={sequence(0.5)} />);
    expect(rows()).toHaveLength(5);
    expect(total()).toBe('$255,173.30');
    expect(count()).toBe('0');
    expect(rows()[0]).toHaveTextContent('1 minute ago');
  });

  it("adds a 'Just now' entry on top after 3 s at the earliest and 10 s at the latest, and drops the oldest", async () => {
    jest.useFakeTimers();
    // random 0 → 3 s between events, 0.999 → 10 s.
    renderWithProviders(<LiveCashouts content={content} random={sequence(0)} />);
    const withoutTime = () => rows().map((row) => row.textContent!.replace(/Just now|\d+ minutes? ago/, ''));
    const before = withoutTime();
    await act(async () => jest.advanceTimersByTimeAsync(2_999));
    expect(screen.queryByText('Just now')).not.toBeInTheDocument();
    await act(async () => jest.advanceTimersByTimeAsync(1));
    expect(rows()).toHaveLength(5);
    expect(rows()[0]).toHaveTextContent('Just now');
    expect(rows()[1]).toHaveTextContent('2 minutes ago');
    expect(withoutTime().slice(1)).toEqual(before.slice(0, 4));
    expect(count()).toBe('1');
  });

  it('waits 10 s at most between events', () => {
    expect(nextEventDelay(() => 0)).toBe(3_000);
    expect(nextEventDelay(() => 0.999_999)).toBe(10_000);
    for (let i = 0; i < 200; i += 1) {
      const delay = nextEventDelay(Math.random);
      expect(delay).toBeGreaterThanOrEqual(3_000);
      expect(delay).toBeLessThanOrEqual(10_000);
    }
  });

  it("ages the labels: 'Just now' becomes '1 minute ago', the others a minute more", async () => {
    jest.useFakeTimers();
    renderWithProviders(<LiveCashouts content={content} random={sequence(0)} />);
    await act(async () => jest.advanceTimersByTimeAsync(3_000));
    await act(async () => jest.advanceTimersByTimeAsync(3_000));
    expect(rows().map((row) => row.textContent!.match(/Just now|\d+ minutes? ago/)![0])).toEqual([
      'Just now',
      '1 minute ago',
      '3 minutes ago',
      '5 minutes ago',
      '6 minutes ago',
    ]);
    expect(count()).toBe('2');
  });

  it('grows the monthly total by $500 to $2,000 per event', async () => {
    jest.useFakeTimers();
    // 0 → the smallest step, just under 1 → the largest.
    renderWithProviders(<LiveCashouts content={content} random={sequence(0)} />);
    await act(async () => jest.advanceTimersByTimeAsync(3_000));
    expect(total()).toBe('$255,673.30');

    const state = nextFeed(initialFeed(content, () => 0.999_999), content, () => 0.999_999);
    expect(state.monthlyTotalCents).toBe(25_517_330 + 200_000);
    for (let i = 0, feed = initialFeed(content, Math.random); i < 100; i += 1) {
      const next = nextFeed(feed, content, Math.random);
      const step = next.monthlyTotalCents - feed.monthlyTotalCents;
      expect(step).toBeGreaterThanOrEqual(50_000);
      expect(step).toBeLessThanOrEqual(200_000);
      expect(next.transactions).toBe(feed.transactions + 1);
      expect(next.items).toHaveLength(5);
      feed = next;
    }
  });

  it('shows generated avatars and our own payout logos, nothing from another host', () => {
    const { container } = renderWithProviders(<LiveCashouts content={content} random={sequence(0.3)} />);
    for (const image of container.querySelectorAll('img')) expect(image.getAttribute('src')).not.toMatch(/^https?:/);
  });

  it('stops its clock when it leaves the page', async () => {
    jest.useFakeTimers();
    const { unmount } = renderWithProviders(<LiveCashouts content={content} random={sequence(0)} />);
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('labels minutes like people read them', async () => {
    await preloadMessageFormatter();
    expect([1, 2, 12].map((minutes) => t('cashouts.minutesAgo', { minutes }))).toEqual(['1 minute ago', '2 minutes ago', '12 minutes ago']);
  });
});
