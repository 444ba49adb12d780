import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Earning, EarningsPage } from '@rewards/shared/contracts/earnings-types';
import { jsonResponse, renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { signedInState } from '@rewards/shared/test/sample-user';
import { walletUpdated } from '@rewards/shared/store/session-slice';
import { earning, reversalRate } from '../../test/cashout-fixtures';
import { deferredResponse, fakeApi } from '@rewards/shared/test/fake-api';
import { EARNINGS_PAGE_LIMIT } from './earnings-history-api';
import EarningsHistory from './earnings-history';

function earningsPage(items: Earning[], next_cursor: string | null = null, fields: Partial<EarningsPage> = {}) {
  return jsonResponse({ status: 'success', data: { items, next_cursor, reversal_rate: reversalRate(), ...fields } });
}

function renderHistory() {
  return renderWithProviders(<EarningsHistory />, { preloadedState: signedInState(), route: '/Profile' });
}

const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

afterEach(() => jest.restoreAllMocks());

describe('Earnings history tab of the Profile page (issue 29)', () => {
  it('shows 3 skeleton rows while the first page loads, then the rows', async () => {
    const answer = deferredResponse();
    fakeApi({ 'GET /user/earnings': () => answer.promise });
    renderHistory();
    const loading = screen.getByRole('status', { name: 'Loading earnings' });
    expect(loading.querySelectorAll('.skeletonRow')).toHaveLength(3);
    answer.resolve(earningsPage([earning()]));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading earnings' })).not.toBeInTheDocument();
  });

  it('asks for the first page of 20 without a cursor', async () => {
    const { requests } = fakeApi({ 'GET /user/earnings': () => earningsPage([]) });
    renderHistory();
    await waitFor(() => expect(requests('GET /user/earnings')).toHaveLength(1));
    expect(Object.fromEntries(new URL(requests('GET /user/earnings')[0]!.url).searchParams)).toEqual({ limit: String(EARNINGS_PAGE_LIMIT) });
  });

  it('lists each row with its date, title, wall, signed amount and status; a held one says when it becomes available', async () => {
    fakeApi({
      'GET /user/earnings': () =>
        earningsPage([
          earning({ id: 6, title: 'Tile Town', amount: '12.00', status: 'pending', available_at: '2025-03-12T14:30:00.000Z' }),
          earning({ id: 5, kind: 'reversal', title: 'Solitaire Voyage', wall: 'notik', amount: '-2.00', status: 'reversed', reason: null }),
          earning({ id: 4, title: 'Solitaire Voyage', wall: 'notik', amount: '2.00', status: 'reversed' }),
          earning({ id: 3, kind: 'manual_credit', title: 'Compensation', wall: null, amount: '5.00' }),
          earning({ id: 2, kind: 'cashout', title: 'Cashout to PayPal', wall: null, amount: '-1.00', created_at: '2025-02-10T12:00:00.000Z' }),
          earning({ id: 1, kind: 'cashout_refund', title: 'Refund of a cashout to PayPal', wall: null, amount: '1.00', reason: 'The email address does not exist' }),
        ]),
    });
    renderHistory();
    const table = await screen.findByRole('table', { name: 'Your earnings, newest first' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Date', 'Title', 'Wall', 'Amount', 'Status']);
    const [, held, reversal, reversed, manual, cashout, refund] = within(table).getAllByRole('row');
    expect(cellsOf(held!)).toEqual(['Mar 5, 2025', 'Tile Town', 'Bloomtask', '+$12.00', 'PendingAvailable on Mar 12, 2025']);
    expect(cellsOf(reversal!)).toEqual(['Mar 5, 2025', 'Solitaire VoyageReversal', 'Notik', '-$2.00', 'Reversed']);
    expect(cellsOf(reversed!)).toEqual(['Mar 5, 2025', 'Solitaire Voyage', 'Notik', '+$2.00', 'Reversed']);
    expect(cellsOf(manual!)).toEqual(['Mar 5, 2025', 'CompensationCredit from support', '', '+$5.00', 'Available']);
    expect(cellsOf(cashout!)).toEqual(['Feb 10, 2025', 'Cashout to PayPal', '', '-$1.00', 'Withdrawn']);
    expect(cellsOf(refund!)).toEqual(['Mar 5, 2025', 'Refund of a cashout to PayPal', '', '+$1.00', 'RefundedThe email address does not exist']);
    expect(within(held!).getByText('+$12.00')).toHaveClass('credit');
    expect(within(reversal!).getByText('-$2.00')).toHaveClass('debit');
    expect(within(reversed!).getByText('+$2.00')).toHaveClass('takenBack');
    expect(within(held!).getByText('Pending')).toHaveClass('pending');
  });

  it('says the reversal rate and that reversals never block an account, only lengthen holds', async () => {
    fakeApi({ 'GET /user/earnings': () => earningsPage([earning()]) });
    renderHistory();
    const rate = await screen.findByRole('region', { name: 'Your reversal rate' });
    expect(rate).toHaveTextContent('Reversed in the last 90 days: 2 of 40 credits (5 %)');
    expect(rate).toHaveTextContent('Reversals never block an account by themselves; above 10 % (with 5 or more reversals), new credits are held 14 days.');
    expect(within(rate).queryByText(/Yours is above it/)).not.toBeInTheDocument();
  });

  it('says so when the user is over the rule', async () => {
    fakeApi({ 'GET /user/earnings': () => earningsPage([earning()], null, { reversal_rate: reversalRate({ reversed: 5, credits: 30, percent: 16.7, holds_longer: true }) }) });
    renderHistory();
    const rate = await screen.findByRole('region', { name: 'Your reversal rate' });
    expect(within(rate).getByText('Yours is above it now: new credits are held 14 days.')).toBeInTheDocument();
  });

  it('offers the CSV of every row as a download', async () => {
    fakeApi({ 'GET /user/earnings': () => earningsPage([earning()]) });
    renderHistory();
    const link = await screen.findByRole('link', { name: 'Download CSV' });
    expect(link).toHaveAttribute('href', '/api/user/earnings.csv');
    expect(link).toHaveAttribute('download', 'earnings.csv');
  });

  it('loads the next page after the last row on "Load more", until there is none', async () => {
    const first = Array.from({ length: EARNINGS_PAGE_LIMIT }, (_, index) => earning({ id: 30 - index, title: `Offer ${30 - index}` }));
    const second = [earning({ id: 10, title: 'Offer 10' }), earning({ id: 9, title: 'Offer 9' })];
    const { requests } = fakeApi({
      'GET /user/earnings': (request: Request) => (new URL(request.url).searchParams.get('cursor') === 'next-1' ? earningsPage(second) : earningsPage(first, 'next-1')),
    });
    renderHistory();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + EARNINGS_PAGE_LIMIT);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + EARNINGS_PAGE_LIMIT + 2));
    expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent('Offer 9');
    expect(Object.fromEntries(new URL(requests('GET /user/earnings').at(-1)!.url).searchParams)).toEqual({ limit: '20', cursor: 'next-1' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says "No earnings yet" and leads to the Earn page when there are none', async () => {
    fakeApi({ 'GET /user/earnings': () => earningsPage([], null, { reversal_rate: reversalRate({ reversed: 0, credits: 0, percent: 0 }) }) });
    renderHistory();
    expect(await screen.findByRole('heading', { name: 'No earnings yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start earning' })).toHaveAttribute('href', '/Earn');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // Nothing to download and no rate to speak of yet.
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your reversal rate' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says the history could not be loaded, with Retry that loads it', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fail = true;
    fakeApi({ 'GET /user/earnings': () => (fail ? jsonResponse({ status: 'error', message: 'Down' }, 500) : earningsPage([earning({ title: 'Tile Town' })])) });
    renderHistory();
    expect(await screen.findByText('Your earnings could not be loaded. Please try again in a moment.')).toBeInTheDocument();
    expect(console.warn).toHaveBeenCalled();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Tile Town')).toBeInTheDocument();
  });

  it('keeps the rows shown when "Load more" fails, and offers to try again', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = Array.from({ length: EARNINGS_PAGE_LIMIT }, (_, index) => earning({ id: 30 - index }));
    fakeApi({
      'GET /user/earnings': (request: Request) =>
        new URL(request.url).searchParams.get('cursor') ? jsonResponse({ status: 'error', message: 'Down' }, 503) : earningsPage(first, 'next-1'),
    });
    renderHistory();
    const table = await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('More earnings could not be loaded.')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(1 + EARNINGS_PAGE_LIMIT);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('Earnings history kept current', () => {
  it('reloads its rows when the balances change (a credit released, reversed or booked)', async () => {
    let released = false;
    const { requests } = fakeApi({
      'GET /user/earnings': () =>
        earningsPage([
          released
            ? earning({ title: 'Tile Town', amount: '12.00', status: 'available' })
            : earning({ title: 'Tile Town', amount: '12.00', status: 'pending', available_at: '2025-03-12T14:30:00.000Z' }),
        ]),
    });
    const { store } = renderWithProviders(<EarningsHistory />, { preloadedState: signedInState({ wallet: '0.00', pending_wallet: '12.00' }), route: '/Profile' });
    expect(await screen.findByText('Available on Mar 12, 2025')).toBeInTheDocument();
    released = true;
    store.dispatch(walletUpdated({ wallet: '12.00', pending_wallet: '0.00' }));
    expect(await screen.findByText('Available')).toBeInTheDocument();
    expect(screen.queryByText(/Available on/)).not.toBeInTheDocument();
    expect(requests('GET /user/earnings')).toHaveLength(2);
  });
});
