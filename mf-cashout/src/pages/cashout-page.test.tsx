import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { signedInState } from '@rewards/shared/test/sample-user';
import { deferredResponse, fakeApi } from '@rewards/shared/test/fake-api';
import { cashoutStats } from '../test/cashout-fixtures';
import CashoutPage from './cashout-page';

const METHODS = ['Stake', 'Visa virtual gift card', 'PayPal', 'Letcoin', 'Payeer'];

function answerStats(balance = '12.34') {
  return fakeApi({ 'GET /Cashout/stats': () => jsonResponse({ status: 'success', data: cashoutStats({ current_balance: balance }) }) });
}

function renderPage() {
  return renderWithProviders(<CashoutPage />, { preloadedState: signedInState({ wallet: '12.34' }), route: '/Cashout' });
}

function card(title: string): HTMLElement {
  return screen.getByRole('button', { name: `Cash out with ${title}` }).closest('article')!;
}

function fillOf(bar: HTMLElement): HTMLElement | null {
  return bar.querySelector('.fill');
}

afterEach(() => jest.restoreAllMocks());

describe('Cashout page (spec §2)', () => {
  it('shows the heading, an intro and a "My Withdrawals" link to /Profile', async () => {
    answerStats();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Cashout' })).toBeInTheDocument();
    expect(screen.getByText(/Pick a method to withdraw/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Withdrawals' })).toHaveAttribute('href', '/Profile');
    await screen.findAllByText('Ready to cash out');
  });

  it('lists the five payout methods under "Most Popular", each with its image', async () => {
    answerStats();
    renderPage();
    const section = screen.getByRole('region', { name: 'Most Popular' });
    const names = within(section)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(names).toEqual(METHODS.map((title) => `Cash out with ${title}`));
    for (const title of METHODS) expect(within(card(title)).getByRole('img', { name: `${title} logo` })).toHaveAttribute('src');
    await screen.findAllByText('Ready to cash out');
  });

  it('shows on each card the balance from the cashout stats and the $0.25 minimum', async () => {
    answerStats('3.21');
    renderPage();
    await waitFor(() => expect(within(card('PayPal')).getByText('$3.21')).toBeInTheDocument());
    for (const title of METHODS) {
      expect(within(card(title)).getByText('$3.21')).toBeInTheDocument();
      expect(within(card(title)).getByText('$0.25')).toBeInTheDocument();
    }
  });

  it("shows the session's wallet as the balance when the stats cannot be loaded", async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi({ 'GET /Cashout/stats': () => jsonResponse({ status: 'error', message: 'Down' }, 500) });
    renderPage();
    await waitFor(() => expect(console.warn).toHaveBeenCalled());
    expect(within(card('Stake')).getByText('$12.34')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the merchants are not sponsors or affiliates of a gift card provider', async () => {
    answerStats();
    renderPage();
    expect(screen.getByText(/not sponsors or affiliates of Earnly or of any gift card provider/)).toBeInTheDocument();
    await screen.findAllByText('Ready to cash out');
  });
});

describe('progress bars of the payout methods (spec §2, §9)', () => {
  it('stay empty until the stats have loaded', async () => {
    const stats = deferredResponse();
    fakeApi({ 'GET /Cashout/stats': () => stats.promise });
    renderPage();
    const bars = screen.getAllByRole('progressbar');
    expect(bars).toHaveLength(5);
    for (const bar of bars) expect(fillOf(bar)).toBeNull();
    stats.resolve(jsonResponse({ status: 'success', data: cashoutStats({ current_balance: '0.10' }) }));
    await waitFor(() => expect(fillOf(bars[0]!)).not.toBeNull());
  });

  it('fill to the balance over the minimum: $0.10 of $0.25 is 40%', async () => {
    answerStats('0.10');
    renderPage();
    await waitFor(() => expect(fillOf(screen.getAllByRole('progressbar')[0]!)).not.toBeNull());
    for (const bar of screen.getAllByRole('progressbar')) {
      expect(bar).toHaveAttribute('aria-valuenow', '40');
      expect(fillOf(bar)).toHaveStyle({ width: '40%' });
    }
    expect(within(card('PayPal')).getByText('$0.15 to go')).toBeInTheDocument();
  });

  it('are capped at 100% when the balance is above the minimum', async () => {
    answerStats('12.34');
    renderPage();
    await waitFor(() => expect(fillOf(screen.getAllByRole('progressbar')[0]!)).not.toBeNull());
    for (const bar of screen.getAllByRole('progressbar')) expect(fillOf(bar)).toHaveStyle({ width: '100%' });
    expect(screen.getAllByText('Ready to cash out')).toHaveLength(5);
  });

  it('animate in 120 ms after the stats load, 80 ms apart', async () => {
    answerStats();
    renderPage();
    await waitFor(() => expect(fillOf(screen.getAllByRole('progressbar')[0]!)).not.toBeNull());
    const delays = screen.getAllByRole('progressbar').map((bar) => fillOf(bar)!.style.animationDelay);
    expect(delays).toEqual(['120ms', '200ms', '280ms', '360ms', '440ms']);
  });
});

describe('opening the cashout modal (spec §2, §4)', () => {
  it('opens on a card with the image, the minimum, a description, the account field and the amount field', async () => {
    answerStats();
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Cash out with PayPal' }));
    const dialog = screen.getByRole('dialog', { name: 'Cash out with PayPal' });
    expect(within(dialog).getByRole('img', { name: 'PayPal logo' })).toBeInTheDocument();
    expect(within(dialog).getByText(/Minimum/)).toHaveTextContent('Minimum $0.25');
    expect(within(dialog).getByText(/registered with this email address/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('PayPal Email')).toHaveFocus();
    const amount = within(dialog).getByLabelText('Amount (USD)');
    expect(amount).toHaveAttribute('type', 'number');
    expect(amount).toHaveAttribute('step', '0.01');
    expect(amount).toHaveAttribute('min', '0.25');
    expect(within(dialog).getByRole('button', { name: 'Cashout Now' })).toBeEnabled();
  });

  it('labels the account field after the method', async () => {
    answerStats();
    renderPage();
    const labels: Record<string, string> = {
      Stake: 'Stake Username',
      'Visa virtual gift card': 'Email Address',
      PayPal: 'PayPal Email',
      Letcoin: 'Letcoin Wallet Address',
      Payeer: 'Payeer Account ID',
    };
    for (const [title, label] of Object.entries(labels)) {
      await userEvent.click(screen.getByRole('button', { name: `Cash out with ${title}` }));
      expect(within(screen.getByRole('dialog')).getByLabelText(label)).toBeInTheDocument();
      await userEvent.keyboard('{Escape}');
    }
  });

  it('starts with empty fields when opened with another method', async () => {
    answerStats();
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Cash out with PayPal' }));
    await userEvent.type(screen.getByLabelText('PayPal Email'), 'pat@example.com');
    await userEvent.type(screen.getByLabelText('Amount (USD)'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cash out with Payeer' }));
    expect(screen.getByLabelText('Payeer Account ID')).toHaveValue('');
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue(null);
  });

  it('closes on Escape and gives focus back to the card', async () => {
    answerStats();
    renderPage();
    const paypal = screen.getByRole('button', { name: 'Cash out with PayPal' });
    await userEvent.click(paypal);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(paypal).toHaveFocus();
  });

  it('keeps focus inside the modal on Tab', async () => {
    answerStats();
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Cash out with PayPal' }));
    const dialog = screen.getByRole('dialog');
    for (let press = 0; press < 8; press += 1) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });
});
