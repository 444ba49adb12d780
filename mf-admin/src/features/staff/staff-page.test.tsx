import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffMember } from '@rewards/shared/contracts/admin-types';
import { success } from '../../test/admin-fixtures';
import { renderConsole } from '../../test/render-console';

afterEach(() => jest.restoreAllMocks());

const member = (overrides: Partial<StaffMember> = {}): StaffMember => ({
  user_id: 31,
  email: 'sam@example.com',
  name: 'Sam',
  role: 'support',
  added_by: 'grace@example.com',
  reason: 'New support hire',
  added_at: '2026-11-20T08:00:00.000Z',
  changed_at: '2026-11-20T08:00:00.000Z',
  two_factor: 'off',
  ...overrides,
});
const list = success([member(), member({ user_id: 900, email: 'grace@example.com', role: 'admin', two_factor: 'totp' })]);

describe('Staff', () => {
  it('lists staff with role and two-factor; no Remove on oneself', async () => {
    renderConsole('/admin/staff', { 'GET /admin/staff': list });
    const table = await screen.findByRole('table', { name: 'Staff members' });
    expect(within(table).getByRole('rowheader', { name: 'sam@example.com' }).closest('tr')).toHaveTextContent('off: cannot open the console');
    expect(within(table).getByRole('button', { name: 'Remove sam@example.com from staff' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Remove grace@example.com from staff' })).not.toBeInTheDocument();
  });

  it('adds a staff member with a role and a reason', async () => {
    const { api } = renderConsole('/admin/staff', { 'GET /admin/staff': list, 'POST /admin/staff': success({ user_id: 40, email: 'kim@example.com', role: 'finance', from: null, changed: true }) });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email of their user account'), 'kim@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'finance');
    await user.click(screen.getByRole('button', { name: 'Add or change' }));
    await user.type(within(await screen.findByRole('dialog', { name: 'Give kim@example.com the Finance role' })).getByLabelText('Reason'), 'Joins finance');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('kim@example.com now has the Finance role.')).toBeInTheDocument();
    expect(await api.lastBody('POST /admin/staff')).toEqual({ email: 'kim@example.com', role: 'finance', reason: 'Joins finance' });
  });

  it('removes one with a reason', async () => {
    const { api } = renderConsole('/admin/staff', { 'GET /admin/staff': list, 'POST /admin/staff/31/remove': success({ user_id: 31, removed: true }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove sam@example.com from staff' }));
    await user.type(await screen.findByLabelText('Reason'), 'Left the company');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('sam@example.com is no longer staff.')).toBeInTheDocument();
    expect(await api.lastBody('POST /admin/staff/31/remove')).toEqual({ reason: 'Left the company' });
  });
});
