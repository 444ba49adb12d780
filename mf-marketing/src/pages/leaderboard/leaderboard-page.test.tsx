import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { fakeApi, fail, ok } from '@rewards/shared/test/fake-api';
import LeaderboardPage from './leaderboard-page';

const board = (period: string, entries: Array<{ rank: number; name: string; initial: string; amount: string }>) =>
  ok({ status: 'success', data: { period, since: '2026-11-01T00:00:00.000Z', entries } });

describe('leaderboard page (spec §2, with real data)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('selects Monthly by default, shows skeletons while loading, then the ranking', async () => {
    let answer: (response: Response) => void = () => undefined;
    const api = fakeApi({ 'GET /leaderboard': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithProviders(<LeaderboardPage />);
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Daily' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getAllByTestId('leaderboard-skeleton').length).toBeGreaterThan(0);
    await waitFor(() => expect(api.requests('GET /leaderboard')).toHaveLength(1));
    answer(
      await board('monthly', [
        { rank: 1, name: 'Ada L.', initial: 'A', amount: '120.50' },
        { rank: 2, name: 'Grace H.', initial: 'G', amount: '99.00' },
        { rank: 2, name: 'Alan T.', initial: 'A', amount: '99.00' },
      ])(),
    );
    const ranking = await screen.findByRole('list', { name: 'Monthly ranking' });
    expect(within(ranking).getAllByRole('listitem').map((row) => row.textContent)).toEqual(['1AAda L.$120.50', '2GGrace H.$99.00', '2AAlan T.$99.00']);
    expect(screen.queryByTestId('leaderboard-skeleton')).not.toBeInTheDocument();
    expect(new URL(api.requests('GET /leaderboard')[0]!.url).searchParams.get('period')).toBe('monthly');
  });

  it('asks for the daily board when Daily is chosen', async () => {
    const api = fakeApi({
      'GET /leaderboard': (request) =>
        new URL(request.url).searchParams.get('period') === 'daily'
          ? board('daily', [{ rank: 1, name: 'Linus', initial: 'L', amount: '3.00' }])()
          : board('monthly', [])(),
    });
    const user = userEvent.setup();
    renderWithProviders(<LeaderboardPage />);
    await screen.findByText('No one has earned this month yet. Complete an offer and be first on the board.');
    await user.click(screen.getByRole('button', { name: 'Daily' }));
    expect(screen.getByRole('button', { name: 'Daily' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByRole('list', { name: 'Daily ranking' })).toHaveTextContent('Linus');
    expect(api.requests('GET /leaderboard').map((request) => new URL(request.url).searchParams.get('period'))).toEqual(['monthly', 'daily']);
  });

  it('offers Retry when the board cannot be loaded', async () => {
    let calls = 0;
    fakeApi({ 'GET /leaderboard': () => (++calls === 1 ? fail(500, {})() : board('monthly', [{ rank: 1, name: 'Ada L.', initial: 'A', amount: '1.00' }])()) });
    const user = userEvent.setup();
    renderWithProviders(<LeaderboardPage />);
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Monthly ranking' })).toHaveTextContent('Ada L.');
  });
});
