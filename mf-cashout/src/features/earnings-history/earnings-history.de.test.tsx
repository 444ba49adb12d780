import { act, screen, within } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { signedInState } from '@rewards/shared/test/sample-user';
import { fakeApi } from '@rewards/shared/test/fake-api';
import { switchLocale } from '@rewards/shared/translate/messages';
import { earning, reversalRate } from '../../test/cashout-fixtures';
import EarningsHistory from './earnings-history';

beforeEach(async () => {
  await act(() => switchLocale('de'));
});

afterEach(async () => {
  await act(() => switchLocale('en'));
});

describe('Earnings history in German', () => {
  it('words the rows, the dates, the amounts and the reversal rate in German', async () => {
    fakeApi({
      'GET /user/earnings': () =>
        jsonResponse({
          status: 'success',
          data: {
            items: [earning({ title: 'Tile Town', amount: '1234.00', status: 'pending', available_at: '2025-03-12T14:30:00.000Z' })],
            next_cursor: null,
            reversal_rate: reversalRate({ reversed: 5, credits: 30, percent: 16.7, holds_longer: true, hold_days: 1 }),
          },
        }),
    });
    renderWithProviders(<EarningsHistory />, { preloadedState: signedInState(), route: '/Profile' });
    const table = await screen.findByRole('table', { name: 'Deine Verdienste, neueste zuerst' });
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getAllByRole('cell').map((cell) => cell.textContent?.replace(/\s/g, ' '))).toEqual([
      '05.03.2025',
      'Tile Town',
      'Bloomtask',
      '+1.234,00 $',
      'AusstehendVerfügbar ab 12.03.2025',
    ]);
    const rate = screen.getByRole('region', { name: 'Deine Stornoquote' });
    expect(rate).toHaveTextContent('Storniert in den letzten 90 Tagen: 5 von 30 Gutschriften (16,7 %)');
    expect(rate).toHaveTextContent('über 10 % (bei 5 oder mehr Stornierungen) werden neue Gutschriften 1 Tag zurückgehalten.');
    expect(rate).toHaveTextContent('Deine liegt derzeit darüber: Neue Gutschriften werden 1 Tag zurückgehalten.');
  });

  it('words the site’s own row titles in German, offers’ names and operators’ reasons as they came', async () => {
    const items = [
      earning({ id: 6, kind: 'cashout_refund', title: 'Refund of a cashout to Visa virtual gift card', title_key: 'cashout_refund', payout_method: 'visa', wall: null }),
      earning({ id: 5, kind: 'cashout', title: 'Cashout to PayPal', title_key: 'cashout', payout_method: 'paypal', wall: null, amount: '-1.00' }),
      earning({ id: 4, kind: 'referral_bonus', title: 'Referral bonus', title_key: 'referral_bonus', wall: null }),
      earning({ id: 3, title: 'Offer credit', title_key: 'offer_credit' }),
      earning({ id: 2, kind: 'manual_credit', title: 'Compensation', wall: null }),
      earning({ id: 1, title: 'A newer kind of row', title_key: 'lottery' as never }),
    ];
    fakeApi({ 'GET /user/earnings': () => jsonResponse({ status: 'success', data: { items, next_cursor: null, reversal_rate: reversalRate() } }) });
    renderWithProviders(<EarningsHistory />, { preloadedState: signedInState(), route: '/Profile' });
    const table = await screen.findByRole('table', { name: 'Deine Verdienste, neueste zuerst' });
    const titles = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]?.querySelector('span')?.textContent);
    expect(titles).toEqual([
      'Erstattung einer Auszahlung an Virtuelle Visa-Geschenkkarte',
      'Auszahlung an PayPal',
      'Empfehlungsbonus',
      'Angebotsgutschrift',
      'Compensation',
      'A newer kind of row',
    ]);
  });
});
