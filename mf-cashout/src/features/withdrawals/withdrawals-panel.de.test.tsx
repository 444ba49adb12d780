import { act, screen, within } from '@testing-library/react';
import type { Cashout } from '@rewards/shared/contracts/cashout-types';
import { jsonResponse, renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { signedInState } from '@rewards/shared/test/sample-user';
import { fakeApi } from '@rewards/shared/test/fake-api';
import { switchLocale } from '@rewards/shared/translate/messages';
import { cashout, cashoutStats } from '../../test/cashout-fixtures';
import { HISTORY_PAGE_SIZE } from './cashout-history-api';
import WithdrawalsPanel from './withdrawals-panel';

function answer(items: Cashout[], pendingCount = 3) {
  fakeApi({
    'GET /Cashout/stats': () => jsonResponse({ status: 'success', data: cashoutStats({ current_balance: '1234.5', pending_count: pendingCount }) }),
    'GET /Cashout/history': () => jsonResponse({ status: 'success', data: { items, page: 1, per_page: HISTORY_PAGE_SIZE, total: items.length } }),
  });
}

beforeEach(async () => {
  await act(() => switchLocale('de'));
});

afterEach(async () => {
  await act(() => switchLocale('en'));
});

describe('Withdrawals tab in German', () => {
  it('shows the balance, the totals and a plural in German', async () => {
    answer([]);
    renderWithProviders(<WithdrawalsPanel />, { preloadedState: signedInState({ pending_wallet: '12.00' }), route: '/Profile' });
    const balance = screen.getByRole('region', { name: 'Verfügbares Guthaben' });
    expect(await within(balance).findByText('1.234,50 $')).toBeInTheDocument();
    expect(within(balance).getByText('12,00 $').parentElement).toHaveTextContent(/^12,00\s\$ ausstehend$/);
    expect(screen.getByText('3 Anträge')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Neue Auszahlung' })).toHaveAttribute('href', '/Cashout');
    expect(await screen.findByRole('heading', { name: 'Noch keine Auszahlungen' })).toBeInTheDocument();
  });

  it('says "1 Antrag" for one request', async () => {
    answer([], 1);
    renderWithProviders(<WithdrawalsPanel />, { preloadedState: signedInState(), route: '/Profile' });
    expect(await screen.findByText('1 Antrag')).toBeInTheDocument();
  });

  it('lists a withdrawal with a German date, amount and status', async () => {
    answer([cashout({ method: 'visa', amount: '1.25', status: 'returned', created_at: '2025-03-05T14:30:00.000Z' })]);
    renderWithProviders(<WithdrawalsPanel />, { preloadedState: signedInState(), route: '/Profile' });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Datum', 'Methode', 'Konto', 'Betrag', 'Status']);
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getAllByRole('cell').map((cell) => cell.textContent?.replace(/\s/g, ' '))).toEqual([
      '05.03.2025',
      'Virtuelle Visa-Geschenkkarte',
      'pa***@example.com',
      '1,25 $',
      'ZurückgebuchtDeinem Guthaben erstattet.',
    ]);
  });
});
