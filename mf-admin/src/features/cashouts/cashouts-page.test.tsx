import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '@rewards/shared/test/render-with-providers.tsx';
import type { PayoutRow } from '@rewards/shared/contracts/admin-types';
import { cashoutRow, page, success } from '../../test/admin-fixtures';
import { renderConsole } from '../../test/render-console';

afterEach(() => jest.restoreAllMocks());

const payout = (overrides: Partial<PayoutRow> = {}): PayoutRow => ({
  id: 81,
  email: 'ada@example.com',
  method: 'paypal',
  amount: '25.000',
  rail: 'paypal_payouts',
  automatic: true,
  status: 'failed',
  attempts: 3,
  provider_reference: null,
  next_attempt_at: null,
  failure_reason: 'RECEIVER_UNREGISTERED',
  paid_at: null,
  ...overrides,
});

describe('Cashouts: the review queue', () => {
  it('lists the pending cashouts, oldest first, with the rule that sent each and the risk signals in the API\'s order, warnings said in words', async () => {
    const { api } = renderConsole('/admin/cashouts', { 'GET /admin/cashouts': page([cashoutRow(), cashoutRow({ id: 42, email: 'bob@example.com' })]) }, 'finance');
    const table = await screen.findByRole('table', { name: 'Cashouts waiting for review, oldest first' });
    expect(new URL(api.requests('GET /admin/cashouts')[0]!.url).searchParams.get('status')).toBe('pending');
    const row = within(table).getByRole('rowheader', { name: /#41/ }).closest('tr')!;
    expect(row).toHaveTextContent('first cashout over $10; new device');
    expect(row).toHaveTextContent('$25.00');
    const signals = within(row).getAllByRole('listitem').map((item) => item.textContent);
    expect(signals).toEqual(['warning: Account age (days): 2', 'Email verified: yes', 'warning: Reversals, last 30 days: 3']);
  });

  it('approves with a reason (and the reference of a payment made by hand)', async () => {
    const { api } = renderConsole(
      '/admin/cashouts',
      { 'GET /admin/cashouts': page([cashoutRow()]), 'POST /admin/cashouts/41/approve': success({ id: 41, status: 'approved' }) },
      'finance',
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve cashout #41' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve cashout #41' });
    expect(dialog).toHaveAccessibleDescription("$25.00 to ada@example.com by paypal. The payout goes out on its rail; a manual rail waits for the provider’s reference.");
    await user.type(within(dialog).getByLabelText('Provider’s reference (only when paid by hand)'), 'PP-778');
    await user.type(within(dialog).getByLabelText('Reason'), 'Known user, checked the device');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Cashout #41 approved.')).toBeInTheDocument();
    expect(await api.lastBody('POST /admin/cashouts/41/approve')).toEqual({ reason: 'Known user, checked the device', reference: 'PP-778' });
    expect(api.requests('GET /admin/cashouts').length).toBeGreaterThan(1);
  });

  it('rejects with a reason shown to the user; sends no reference field when none is given', async () => {
    const { api } = renderConsole('/admin/cashouts', { 'GET /admin/cashouts': page([cashoutRow()]), 'POST /admin/cashouts/41/reject': success({ id: 41, refunded: true }) }, 'admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject cashout #41' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Shown to the user, and kept in the audit log with your email.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Reversed offers');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Cashout #41 rejected and refunded.')).toBeInTheDocument();
    expect(await api.lastBody('POST /admin/cashouts/41/reject')).toEqual({ reason: 'Reversed offers' });
  });

  it("shows the command's refusal when the cashout was decided meanwhile", async () => {
    renderConsole(
      '/admin/cashouts',
      { 'GET /admin/cashouts': page([cashoutRow()]), 'POST /admin/cashouts/41/approve': () => jsonResponse({ status: 'error', code: 'command_refused', message: 'Cashout #41 is not pending (approved).' }, 409) },
      'finance',
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve cashout #41' }));
    await user.type(await screen.findByLabelText('Reason'), 'ok');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cashout #41 is not pending (approved).');
  });

  it('says so when nothing waits', async () => {
    renderConsole('/admin/cashouts', { 'GET /admin/cashouts': page([]) }, 'finance');
    expect(await screen.findByText('No cashout waits for review.')).toBeInTheDocument();
  });
});

describe('Cashouts: payouts', () => {
  it('lists failing payouts first, and retries one with a reason', async () => {
    const { api } = renderConsole(
      '/admin/cashouts?view=payouts',
      { 'GET /admin/payouts': page([payout(), payout({ id: 82, status: 'failed', attempts: 1 })]), 'POST /admin/payouts/81/retry': success({ id: 81, status: 'approved' }) },
      'finance',
    );
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Payouts: Failed' });
    expect(new URL(api.requests('GET /admin/payouts')[0]!.url).searchParams.get('status')).toBe('failed');
    expect(table).toHaveTextContent('RECEIVER_UNREGISTERED');
    expect(screen.getByRole('button', { name: 'Payouts' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Retry payout #81' }));
    await user.type(await screen.findByLabelText('Reason'), 'User fixed the PayPal address');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Payout #81 queued again.')).toBeInTheDocument();
    expect(await api.lastBody('POST /admin/payouts/81/retry')).toEqual({ reason: 'User fixed the PayPal address' });
  });

  it('shows other statuses on request, without Retry', async () => {
    const { api } = renderConsole('/admin/cashouts?view=payouts', { 'GET /admin/payouts': (request) => page([payout({ status: new URL(request.url).searchParams.get('status') as PayoutRow['status'] })])() }, 'finance');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Payout status'), 'paid');
    expect(await screen.findByRole('table', { name: 'Payouts: Paid' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry payout/ })).not.toBeInTheDocument();
    expect(api.requests('GET /admin/payouts').map((request) => new URL(request.url).searchParams.get('status'))).toEqual(['failed', 'paid']);
  });
});
