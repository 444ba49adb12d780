import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReferralReview } from '@rewards/shared/contracts/admin-types';
import { page, success } from '../../test/admin-fixtures';
import { renderConsole } from '../../test/render-console';

afterEach(() => jest.restoreAllMocks());

const review = (overrides: Partial<ReferralReview> = {}): ReferralReview => ({
  referred_user_id: 8,
  referred_email: 'cy@example.com',
  referrer_id: 7,
  referrer_email: 'ada@example.com',
  status: 'pending',
  withheld: '0.500',
  withheld_coins: 500,
  signals: 'same device as the referrer; same IP /24',
  flagged_at: '2026-11-25T08:00:00.000Z',
  decided_at: null,
  decision_reason: null,
  ...overrides,
});

describe('Referrals', () => {
  it('lists flagged referrals with their signals and the withheld bonus', async () => {
    renderConsole('/admin/referrals', { 'GET /admin/referrals': page([review()]) }, 'finance');
    const table = await screen.findByRole('table', { name: 'Referral reviews' });
    const row = within(table).getByRole('rowheader', { name: 'cy@example.com' }).closest('tr')!;
    expect(row).toHaveTextContent('same device as the referrer; same IP /24');
    expect(row).toHaveTextContent('$0.50');
  });

  it('approves one with a reason', async () => {
    const { api } = renderConsole('/admin/referrals', { 'GET /admin/referrals': page([review()]), 'POST /admin/referrals/8/decide': success({ decision: 'approve', paid: '0.500' }) }, 'finance');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve the referral of cy@example.com' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('ada@example.com is paid the withheld $0.50 and future bonuses.');
    await user.type(await screen.findByLabelText('Reason'), 'Siblings on one computer');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Referral of cy@example.com approved.')).toBeInTheDocument();
    expect(await api.lastBody('POST /admin/referrals/8/decide')).toEqual({ decision: 'approve', reason: 'Siblings on one computer' });
  });

  it('shows decided ones with their reason, without buttons', async () => {
    renderConsole('/admin/referrals?status=rejected', { 'GET /admin/referrals': page([review({ status: 'rejected', decision_reason: 'Self-referral', decided_at: '2026-11-26T08:00:00.000Z' })]) }, 'finance');
    const table = await screen.findByRole('table', { name: 'Referral reviews' });
    expect(table).toHaveTextContent('Self-referral');
    expect(within(table).queryByRole('button', { name: /Approve the referral/ })).not.toBeInTheDocument();
  });
});
