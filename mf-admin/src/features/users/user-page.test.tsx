import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '@rewards/shared/test/render-with-providers.tsx';
import { page, success, userPage } from '../../test/admin-fixtures';
import { renderConsole } from '../../test/render-console';

afterEach(() => jest.restoreAllMocks());

const ledger = { id: 70, kind: 'offer_credit', amount: '1.500', amount_coins: 1500, held: '0.000', held_coins: 0, reference: 'offer:1', note: null, created_at: '2026-11-26T09:00:00.000Z' };
const answers = {
  'GET /admin/users/7': success(userPage()),
  'GET /admin/users/7/earnings': page([ledger]),
};

describe("A user's page", () => {
  it('shows balances, the account, earnings, sessions, callbacks, tickets, referrals and audit rows', async () => {
    renderConsole('/admin/users/7', answers);
    expect(await screen.findByRole('heading', { level: 1, name: 'ada@example.com' })).toBeInTheDocument();
    const balances = screen.getByRole('region', { name: 'Balances' });
    expect(within(balances).getByText('Available').nextElementSibling).toHaveTextContent('$12.34');
    expect(within(balances).getByText('Held (pending)').nextElementSibling).toHaveTextContent('$2.00');
    expect(await screen.findByRole('table', { name: 'Ledger entries, newest first' })).toHaveTextContent('Offer credit');
    expect(screen.getByRole('table', { name: 'Sessions, newest first' })).toHaveTextContent('Chrome on Windows');
    expect(within(screen.getByRole('table', { name: 'Partner callbacks, newest first' })).getByRole('link')).toHaveAttribute('href', '/admin/postbacks/55');
    expect(within(screen.getByRole('table', { name: 'Missing-credit tickets' })).getByRole('link', { name: 'Raid Legends' })).toHaveAttribute('href', '/admin/tickets/12');
    expect(screen.getByRole('table', { name: 'Users this user referred, newest first' })).toHaveTextContent('cy@example.com');
    expect(screen.getByRole('table', { name: 'Audit rows about this user, newest first' })).toHaveTextContent('Goodwill after outage');
    expect(screen.getByRole('table', { name: 'Held credits' })).toHaveTextContent('new account');
  });

  it('blocks with a reason in a dialog, and says so', async () => {
    const { api } = renderConsole('/admin/users/7', { ...answers, 'POST /admin/users/7/status': success({ user_id: 7, from: 'active', to: 'blocked', changed: true }) }, 'finance');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block ada@example.com (#7)' });
    // Focus moves in once the dialog's effects ran, which a busy machine can run after the dialog shows.
    await waitFor(() => expect(within(dialog).getByLabelText('Reason')).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(within(dialog).getByText('Give a reason.')).toBeInTheDocument();
    expect(api.requests('POST /admin/users/7/status')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Chargeback fraud');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('User blocked.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await api.lastBody('POST /admin/users/7/status')).toEqual({ status: 'blocked', reason: 'Chargeback fraud' });
  });

  it("keeps the dialog open with the command's refusal", async () => {
    renderConsole(
      '/admin/users/7',
      { ...answers, 'POST /admin/users/7/credit': () => jsonResponse({ status: 'error', code: 'command_refused', message: 'users:credit: the amount is over the 100.00 limit.' }, 409) },
      'finance',
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Credit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit ada@example.com (#7)' });
    await user.type(within(dialog).getByLabelText('Amount (dollars)'), 'abc');
    await user.type(within(dialog).getByLabelText('Reason'), 'Goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Credit' }));
    expect(within(dialog).getByText('An amount in dollars, like 2.50.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Amount (dollars)'));
    await user.type(within(dialog).getByLabelText('Amount (dollars)'), '250');
    await user.click(within(dialog).getByRole('button', { name: 'Credit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('users:credit: the amount is over the 100.00 limit.');
    expect(within(dialog).getByRole('button', { name: 'Credit' })).toBeEnabled();
  });

  it('credits an amount in dollars with a reason', async () => {
    const { api } = renderConsole('/admin/users/7', { ...answers, 'POST /admin/users/7/credit': success({ balance: '14.840' }) }, 'admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Credit' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Amount (dollars)'), '2.50');
    await user.type(within(dialog).getByLabelText('Reason'), 'Missing credit, checked with the partner');
    await user.click(within(dialog).getByRole('button', { name: 'Credit' }));
    expect(await screen.findByText('Credited. Balance now $14.84.')).toBeInTheDocument();
    expect(await api.lastBody('POST /admin/users/7/credit')).toEqual({ amount: '2.50', reason: 'Missing credit, checked with the partner' });
  });

  it('lets support verify an email, and nothing about money or status', async () => {
    const { api } = renderConsole('/admin/users/7', { ...answers, 'POST /admin/users/7/verify-email': success({ email_verified: true }) }, 'support');
    const user = userEvent.setup();
    const actions = await screen.findByRole('region', { name: 'Actions' });
    expect(within(actions).getAllByRole('button').map((button) => button.textContent)).toEqual(['Verify email']);
    await user.click(within(actions).getByRole('button', { name: 'Verify email' }));
    await user.type(await screen.findByLabelText('Reason'), 'Confirmed by phone');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verify email' }));
    expect(await screen.findByText('Email verified.')).toBeInTheDocument();
    expect(await api.lastBody('POST /admin/users/7/verify-email')).toEqual({ reason: 'Confirmed by phone' });
  });

  it('offers finance hold, block, credit and the release of held credits, not email verification', async () => {
    renderConsole('/admin/users/7', answers, 'finance');
    const actions = await screen.findByRole('region', { name: 'Actions' });
    expect(within(actions).getAllByRole('button').map((button) => button.textContent)).toEqual(['Block', 'Hold', 'Credit', 'Release held credits']);
  });

  it('offers reinstate for a blocked user', async () => {
    renderConsole('/admin/users/7', { ...answers, 'GET /admin/users/7': success(userPage({ user: { ...userPage().user, status: 'blocked' } })) }, 'finance');
    const actions = await screen.findByRole('region', { name: 'Actions' });
    expect(within(actions).getByRole('button', { name: 'Reinstate' })).toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
  });

  it('closes the dialog on Escape and gives the focus back', async () => {
    renderConsole('/admin/users/7', answers, 'finance');
    const user = userEvent.setup();
    const hold = await screen.findByRole('button', { name: 'Hold' });
    await user.click(hold);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(hold).toHaveFocus());
  });

  it('says the user does not exist on a 404', async () => {
    renderConsole('/admin/users/999', { 'GET /admin/users/999': () => jsonResponse({ status: 'error', code: 'not_found', message: 'No user #999.' }, 404) });
    expect(await screen.findByText('No user #999.')).toBeInTheDocument();
  });
});
