import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '@rewards/shared/test/render-with-providers.tsx';
import { callback, page, success } from '../../test/admin-fixtures';
import { renderConsole } from '../../test/render-console';

afterEach(() => jest.restoreAllMocks());

describe('Postbacks: the callback log', () => {
  it('searches by wall, user, transaction and outcome, keeping the search in the address', async () => {
    const { api } = renderConsole('/admin/postbacks', { 'GET /admin/postbacks': page([callback()]) }, 'support');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Callbacks, newest first' });
    await user.type(screen.getByLabelText('Wall'), 'lootably');
    await user.type(screen.getByLabelText('Transaction id'), 'tx-123');
    await user.selectOptions(screen.getByLabelText('Outcome'), 'credited');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('table', { name: 'Callbacks, newest first' });
    const last = new URL(api.requests('GET /admin/postbacks').at(-1)!.url);
    expect(Object.fromEntries(last.searchParams)).toEqual({ wall: 'lootably', txid: 'tx-123', outcome: 'credited' });
  });

  it("starts from the address's filters (a user's page links here with user_id)", async () => {
    const { api } = renderConsole('/admin/postbacks?user_id=7', { 'GET /admin/postbacks': page([callback()]) }, 'support');
    const table = await screen.findByRole('table', { name: 'Callbacks, newest first' });
    expect(within(table).getByRole('link', { name: '#7' })).toHaveAttribute('href', '/admin/users/7');
    expect(new URL(api.requests('GET /admin/postbacks')[0]!.url).searchParams.get('user_id')).toBe('7');
    expect(screen.getByLabelText('User id')).toHaveValue('7');
  });
});

describe('A callback', () => {
  it('shows the raw request as received', async () => {
    renderConsole('/admin/postbacks/55', { 'GET /admin/postbacks/55': success(callback({ method: 'POST', body: '{"amount":1.5}' })) }, 'support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Callback #55' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Request line')).toHaveTextContent('POST /api/postbacks/lootably?user_id=7&txid=tx-123&amount=1.5&sig=abc');
    expect(screen.getByLabelText('Headers')).toHaveTextContent('"user-agent": "Lootably/1.0"');
    expect(screen.getByLabelText('Body')).toHaveTextContent('{"amount":1.5}');
  });

  it('has no Replay for support', async () => {
    renderConsole('/admin/postbacks/55', { 'GET /admin/postbacks/55': success(callback()) }, 'support');
    await screen.findByLabelText('Request line');
    expect(screen.queryByRole('button', { name: 'Replay' })).not.toBeInTheDocument();
  });

  it('replays for finance with a reason and says what came of it', async () => {
    const { api } = renderConsole(
      '/admin/postbacks/55',
      { 'GET /admin/postbacks/55': success(callback({ outcome: 'failed' })), 'POST /admin/postbacks/55/replay': success({ replayed_id: 56, outcome: 'credited' }) },
      'finance',
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Replay' }));
    await user.type(await screen.findByLabelText('Reason'), 'Database was down at the time');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Replay' }));
    expect(await screen.findByText('Replayed: credited (callback #56).')).toBeInTheDocument();
    expect(await api.lastBody('POST /admin/postbacks/55/replay')).toEqual({ reason: 'Database was down at the time' });
  });

  it('shows a replay that was not booked as refused, in the dialog', async () => {
    renderConsole(
      '/admin/postbacks/55',
      { 'GET /admin/postbacks/55': success(callback()), 'POST /admin/postbacks/55/replay': () => jsonResponse({ status: 'error', code: 'command_refused', message: 'Replay of #55: duplicate (already credited).' }, 409) },
      'admin',
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Replay' }));
    await user.type(await screen.findByLabelText('Reason'), 'check');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Replay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Replay of #55: duplicate (already credited).');
  });
});
