import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cashout } from '@rewards/shared/contracts/cashout-types';
import { jsonResponse, renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { signedInState } from '@rewards/shared/test/sample-user';
import { deferredResponse, fakeApi } from '@rewards/shared/test/fake-api';
import { cashout, cashoutStats } from '../../test/cashout-fixtures';
import { HISTORY_PAGE_SIZE } from './cashout-history-api';
import WithdrawalsPanel from './withdrawals-panel';

const statsAnswer = () => jsonResponse({ status: 'success', data: cashoutStats() });

function historyPage(items: Cashout[], page = 1, total = items.length) {
  return jsonResponse({ status: 'success', data: { items, page, per_page: HISTORY_PAGE_SIZE, total } });
}

function renderPanel() {
  return renderWithProviders(<WithdrawalsPanel />, { preloadedState: signedInState(), route: '/Profile' });
}

afterEach(() => jest.restoreAllMocks());

describe('Withdrawals tab of the Profile page (spec §2)', () => {
  it('offers "Request New Cashout" to /Cashout and shows the balance', async () => {
    fakeApi({ 'GET /Cashout/stats': statsAnswer, 'GET /Cashout/history': () => historyPage([]) });
    renderPanel();
    expect(screen.getByRole('link', { name: 'Request New Cashout' })).toHaveAttribute('href', '/Cashout');
    const balance = screen.getByRole('region', { name: 'Available balance' });
    expect(await within(balance).findByText('$12.34')).toBeInTheDocument();
  });

  it('shows held credits beside the available balance: "$12.00 pending"', async () => {
    fakeApi({ 'GET /Cashout/stats': statsAnswer, 'GET /Cashout/history': () => historyPage([]) });
    renderWithProviders(<WithdrawalsPanel />, { preloadedState: signedInState({ pending_wallet: '12.00' }), route: '/Profile' });
    const balance = screen.getByRole('region', { name: 'Available balance' });
    expect(await within(balance).findByText('$12.34')).toBeInTheDocument();
    expect(within(balance).getByText('$12.00').parentElement).toHaveTextContent(/^\$12\.00 pending$/);
  });

  it('says nothing of pending credits when there are none', async () => {
    fakeApi({ 'GET /Cashout/stats': statsAnswer, 'GET /Cashout/history': () => historyPage([]) });
    renderPanel();
    const balance = screen.getByRole('region', { name: 'Available balance' });
    expect(await within(balance).findByText('$12.34')).toBeInTheDocument();
    expect(within(balance).queryByText(/pending/)).not.toBeInTheDocument();
  });

  it('shows the pending, requested and approved totals from the cashout stats', async () => {
    fakeApi({ 'GET /Cashout/stats': statsAnswer, 'GET /Cashout/history': () => historyPage([]) });
    renderPanel();
    const pending = screen.getByText('Pending').parentElement!;
    expect(within(pending).getByText('...')).toBeInTheDocument();
    await waitFor(() => expect(within(pending).getByText('$2.00')).toBeInTheDocument());
    expect(within(pending).getByText('1 request')).toBeInTheDocument();
    expect(within(screen.getByText('Requested').parentElement!).getByText('$7.50')).toBeInTheDocument();
    expect(within(screen.getByText('Approved').parentElement!).getByText('$5.50')).toBeInTheDocument();
  });

  it('shows 3 skeleton rows while the history loads', async () => {
    const history = deferredResponse();
    fakeApi({ 'GET /Cashout/stats': statsAnswer, 'GET /Cashout/history': () => history.promise });
    renderPanel();
    const loading = screen.getByRole('status', { name: 'Loading withdrawals' });
    expect(loading.querySelectorAll('.skeletonRow')).toHaveLength(3);
    history.resolve(historyPage([cashout()]));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading withdrawals' })).not.toBeInTheDocument());
  });

  it('asks for the first page of 10, newest first', async () => {
    const { requests } = fakeApi({
      'GET /Cashout/stats': statsAnswer,
      'GET /Cashout/history': () => historyPage([]),
    });
    renderPanel();
    await waitFor(() => expect(requests('GET /Cashout/history')).toHaveLength(1));
    const url = new URL(requests('GET /Cashout/history')[0]!.url);
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', per_page: '10' });
  });

  it('says "No Withdrawal History" and offers "Request Your First Cashout" when there is none', async () => {
    fakeApi({ 'GET /Cashout/stats': statsAnswer, 'GET /Cashout/history': () => historyPage([]) });
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'No Withdrawal History' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request Your First Cashout' })).toHaveAttribute('href', '/Cashout');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the empty state, and no error, when the history cannot be loaded', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi({
      'GET /Cashout/stats': statsAnswer,
      'GET /Cashout/history': () => jsonResponse({ status: 'error', message: 'Down' }, 500),
    });
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'No Withdrawal History' })).toBeInTheDocument();
    expect(console.warn).toHaveBeenCalled();
  });

  it('lists each withdrawal with its date, method, masked account, amount and status', async () => {
    fakeApi({
      'GET /Cashout/stats': statsAnswer,
      'GET /Cashout/history': () =>
        historyPage([
          cashout({ id: 3, method: 'paypal', account: 'pat@example.com', amount: '3.00', status: 'pending' }),
          cashout({
            id: 2,
            method: 'letcoin',
            account: 'LTC1q9x8v7c6b5n4m',
            amount: '1.25',
            status: 'approved',
            created_at: '2025-02-10T12:00:00.000Z',
          }),
          cashout({
            id: 1,
            method: 'visa',
            account: 'ada@example.com',
            amount: '0.50',
            status: 'rejected',
            rejection_reason: 'The email address does not exist',
          }),
        ]),
    });
    renderPanel();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Date',
      'Method',
      'Account',
      'Amount',
      'Status',
    ]);
    const [, newest, middle, oldest] = within(table).getAllByRole('row');
    expect(within(newest!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Mar 5, 2025',
      'PayPal',
      'pa***@example.com',
      '$3.00',
      'Pending',
    ]);
    expect(within(middle!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Feb 10, 2025',
      'Letcoin',
      'LTC***n4m',
      '$1.25',
      'Approved',
    ]);
    expect(within(oldest!).getByText('Visa virtual gift card')).toBeInTheDocument();
    expect(within(oldest!).getByText('Rejected')).toBeInTheDocument();
    expect(within(oldest!).getByText('The email address does not exist')).toBeInTheDocument();
  });

  it('shows every payout state: the reference of a paid one, the reason of a returned one, a delayed one', async () => {
    fakeApi({
      'GET /Cashout/stats': statsAnswer,
      'GET /Cashout/history': () =>
        historyPage([
          cashout({ id: 5, status: 'paid', provider_reference: 'SIM-42', paid_at: '2025-03-05T14:31:00.000Z' }),
          cashout({ id: 4, status: 'sending' }),
          cashout({ id: 3, status: 'failed' }),
          cashout({ id: 2, status: 'returned', rejection_reason: 'The receiver refused it' }),
          cashout({ id: 1, status: 'unclaimed', rejection_reason: 'Not claimed within 30 days' }),
        ]),
    });
    renderPanel();
    const table = await screen.findByRole('table');
    const statuses = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').at(-1)!.textContent);
    expect(statuses).toEqual([
      'PaidReference SIM-42',
      'Sending',
      'DelayedThe payment provider had a problem; we are on it.',
      'ReturnedThe receiver refused it Refunded to your balance.',
      'UnclaimedNot claimed within 30 days Refunded to your balance.',
    ]);
  });

  it('loads the next page on "Load more" until all are shown', async () => {
    const first = Array.from({ length: 10 }, (_, index) => cashout({ id: 12 - index, amount: `${12 - index}.00` }));
    const second = [cashout({ id: 2, amount: '2.00' }), cashout({ id: 1, amount: '1.00' })];
    const { requests } = fakeApi({
      'GET /Cashout/stats': statsAnswer,
      'GET /Cashout/history': (request: Request) =>
        new URL(request.url).searchParams.get('page') === '2' ? historyPage(second, 2, 12) : historyPage(first, 1, 12),
    });
    renderPanel();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 10);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + 12));
    expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent('$1.00');
    expect(new URL(requests('GET /Cashout/history').at(-1)!.url).searchParams.get('page')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
