import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { auditRow, page, success } from '../../test/admin-fixtures';
import { renderConsole } from '../../test/render-console';

afterEach(() => jest.restoreAllMocks());

const whole = success({ ok: true, rows: 120, head: { id: 301, position: 120, hash: 'ab12cd34' }, broken: null });

describe('Audit', () => {
  it('shows the rows with operator, command, user and reason', async () => {
    renderConsole('/admin/audit', { 'GET /admin/audit': page([auditRow()]), 'GET /admin/audit/verify': whole });
    const table = await screen.findByRole('table', { name: 'Audit rows, newest first' });
    expect(table).toHaveTextContent('grace@example.com');
    expect(table).toHaveTextContent('users:credit 7 2.50');
    expect(table).toHaveTextContent('Goodwill after outage');
  });

  it('says the hash chain is whole, with its head', async () => {
    renderConsole('/admin/audit', { 'GET /admin/audit': page([]), 'GET /admin/audit/verify': whole });
    expect(await screen.findByText(/Whole: 120 rows verify, head #301 at position 120/)).toHaveTextContent('ab12cd34');
  });

  it('alerts when the chain is broken', async () => {
    renderConsole('/admin/audit', {
      'GET /admin/audit': page([]),
      'GET /admin/audit/verify': success({ ok: false, rows: 57, head: null, broken: { kind: 'changed', row_id: 44, message: 'Row 44 was changed after it was written' } }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Broken: Row 44 was changed after it was written (row #44, changed). 57 rows checked.');
  });

  it('filters by staff, user, command and kind', async () => {
    const { api } = renderConsole('/admin/audit', { 'GET /admin/audit': page([auditRow()]), 'GET /admin/audit/verify': whole });
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Audit rows, newest first' });
    await user.type(screen.getByLabelText('Staff (operator)'), 'grace@example.com');
    await user.type(screen.getByLabelText('Command (e.g. cashouts:approve)'), 'cashouts:approve');
    await user.selectOptions(screen.getByLabelText('Kind'), 'change');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await screen.findByRole('table', { name: 'Audit rows, newest first' });
    expect(Object.fromEntries(new URL(api.requests('GET /admin/audit').at(-1)!.url).searchParams)).toEqual({ operator: 'grace@example.com', command: 'cashouts:approve', kind: 'change' });
  });
});
