import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { signedInState } from '@rewards/shared/test/sample-user';
import { fakeApi } from '@rewards/shared/test/fake-api';
import { provideErrorMessages } from '@rewards/shared/translate/api-errors';
import { switchLocale } from '@rewards/shared/translate/messages';
import { cashoutStats } from '../test/cashout-fixtures';
import CashoutPage from './cashout-page';

// What the shell's error catalog gives for a cashout refusal's code (shell/src/errors/messages/<locale>.json).
const GERMAN_ERRORS: Record<string, string> = { email_unverified: 'Bestätige zuerst deine E-Mail-Adresse.' };
provideErrorMessages(async (locale) => (locale === 'de' ? GERMAN_ERRORS : {}));

function renderPage(balance: string) {
  fakeApi({
    'GET /Cashout/stats': () => jsonResponse({ status: 'success', data: cashoutStats({ current_balance: balance }) }),
    'POST /Cashout/Store': () => jsonResponse({ status: 'error', code: 'email_unverified', message: 'Verify your email before your first cashout.' }, 403),
  });
  return renderWithProviders(<CashoutPage />, { preloadedState: signedInState({ wallet: balance }), route: '/Cashout' });
}

function card(title: string): HTMLElement {
  return screen.getByRole('button', { name: `Auszahlen mit ${title}` }).closest('article')!;
}

beforeEach(async () => {
  await act(() => switchLocale('de'));
});

afterEach(async () => {
  await act(() => switchLocale('en'));
});

describe('Cashout page in German', () => {
  it('shows its words in German and the dollars as German writes them', async () => {
    renderPage('1234.5');
    expect(screen.getByRole('heading', { level: 1, name: 'Auszahlung' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Meine Auszahlungen' })).toHaveAttribute('href', '/Profile');
    expect(screen.getByRole('region', { name: 'Am beliebtesten' })).toBeInTheDocument();
    await waitFor(() => expect(within(card('PayPal')).getByText('1.234,50 $')).toBeInTheDocument());
    // A soft hyphen lets the long name break on a phone's card.
    expect(within(card('Virtuelle Visa-Geschenk\u00adkarte')).getByText('0,25 $')).toBeInTheDocument();
    expect(within(card('PayPal')).getByRole('img', { name: 'Logo von PayPal' })).toBeInTheDocument();
    expect(screen.getAllByText('Bereit zur Auszahlung')).toHaveLength(5);
    expect(screen.getByText(/weder Sponsoren noch Partner von Earnly/)).toBeInTheDocument();
  });

  it('says what is missing to the minimum in German: "Noch 0,15 $"', async () => {
    renderPage('0.10');
    await waitFor(() => expect(within(card('PayPal')).getByText('Noch 0,15 $')).toBeInTheDocument());
    expect(within(card('PayPal')).getByRole('progressbar', { name: 'PayPal: Fortschritt zum Minimum' })).toHaveAttribute('aria-valuenow', '40');
  });

  it('opens the modal in German and refuses an amount under the minimum in German words', async () => {
    const user = userEvent.setup();
    renderPage('12.34');
    await user.click(screen.getByRole('button', { name: 'Auszahlen mit PayPal' }));
    const dialog = screen.getByRole('dialog', { name: 'Auszahlen mit PayPal' });
    expect(dialog).toHaveTextContent('Minimum 0,25 $');
    await waitFor(() => expect(dialog).toHaveTextContent('Guthaben 12,34 $'));
    expect(within(dialog).getByRole('button', { name: 'Mein ganzes Guthaben nutzen, 12,34\u00a0$' })).toHaveTextContent('Max.');
    const amount = within(dialog).getByLabelText('Betrag (USD)');
    expect(amount).toHaveAttribute('placeholder', '0,25');
    await user.type(within(dialog).getByLabelText('PayPal-E-Mail'), 'pat@example.com');
    await user.type(amount, '0.10');
    await user.click(within(dialog).getByRole('button', { name: 'Jetzt auszahlen' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Der Mindestbetrag ist 0,25 $');
  });

  it('asks for the account by its German label', async () => {
    const user = userEvent.setup();
    renderPage('12.34');
    await user.click(screen.getByRole('button', { name: 'Auszahlen mit Stake' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Jetzt auszahlen' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Bitte fülle das Feld „Stake-Benutzername“ aus');
  });

  it("shows a refusal's code in German, with what to do about it", async () => {
    const user = userEvent.setup();
    renderPage('12.34');
    await user.click(screen.getByRole('button', { name: 'Auszahlen mit PayPal' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('PayPal-E-Mail'), 'pat@example.com');
    await user.type(within(dialog).getByLabelText('Betrag (USD)'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Jetzt auszahlen' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Bestätige zuerst deine E-Mail-Adresse.');
    expect(alert).toHaveTextContent('Gib im Banner oben auf der Seite den Code ein');
  });

  it('switches back to English in place, the error included', async () => {
    const user = userEvent.setup();
    renderPage('12.34');
    await user.click(screen.getByRole('button', { name: 'Auszahlen mit PayPal' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Jetzt auszahlen' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Bitte fülle das Feld „PayPal-E-Mail“ aus');
    await act(() => switchLocale('en'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter your PayPal Email');
    expect(screen.getByRole('heading', { level: 1, name: 'Cashout' })).toBeInTheDocument();
  });
});
