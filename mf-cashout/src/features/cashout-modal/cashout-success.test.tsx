import { act, screen } from '@testing-library/react';
import { CASHOUT_SUBMITTED_MESSAGE } from '@rewards/shared/contracts/cashout-types';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { switchLocale } from '@rewards/shared/translate/messages';
import { cashout } from '../../test/cashout-fixtures';
import { CashoutSuccess } from './cashout-success';

afterEach(() => act(() => switchLocale('en')));

const resultWith = (message: string) => ({ status: 'success' as const, message, data: { new_balance: '9.34', cashout: cashout({ status: 'pending' }) } });

describe('a stored cashout’s message', () => {
  it('is the spec’s words in English, and the same words in the page’s language', async () => {
    renderWithProviders(<CashoutSuccess result={resultWith(CASHOUT_SUBMITTED_MESSAGE)} titleId="t" onDone={() => undefined} />);
    expect(screen.getByText(CASHOUT_SUBMITTED_MESSAGE)).toBeInTheDocument();
    await act(() => switchLocale('de'));
    expect(await screen.findByText('Auszahlungsantrag erfolgreich gesendet! Er wird innerhalb von 24–48 Stunden bearbeitet.')).toBeInTheDocument();
  });

  it('is another message of the server as it came', () => {
    renderWithProviders(<CashoutSuccess result={resultWith('Paid at once.')} titleId="t" onDone={() => undefined} />);
    expect(screen.getByText('Paid at once.')).toBeInTheDocument();
  });
});
