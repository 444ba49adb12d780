import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { page, success, ticket } from '../../test/admin-fixtures';
import { renderConsole } from '../../test/render-console';

afterEach(() => jest.restoreAllMocks());

describe('Tickets', () => {
  it("lists the open tickets in the server's order, oldest first, linked to each ticket", async () => {
    const { api } = renderConsole('/admin/tickets', { 'GET /admin/tickets': page([ticket({ id: 3, offer_name: 'Old one' }), ticket({ id: 12 })]) }, 'support');
    const table = await screen.findByRole('table', { name: 'Tickets, oldest first' });
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['#3 Old one', '#12 Raid Legends']);
    expect(within(table).getByRole('link', { name: '#12 Raid Legends' })).toHaveAttribute('href', '/admin/tickets/12');
    expect(new URL(api.requests('GET /admin/tickets')[0]!.url).searchParams.get('status')).toBe('open');
  });

  it('filters by status', async () => {
    const { api } = renderConsole('/admin/tickets', { 'GET /admin/tickets': page([]) }, 'support');
    await userEvent.setup().selectOptions(await screen.findByLabelText('Show'), 'declined');
    await screen.findAllByText('No ticket here. Nothing waits for an answer.');
    expect(api.requests('GET /admin/tickets').map((request) => new URL(request.url).searchParams.get('status'))).toEqual(['open', 'declined']);
  });
});

describe('A ticket', () => {
  const answers = { 'GET /admin/tickets/12': success(ticket()) };

  it("shows what the user says, the thread, the screenshot and the user's latest callbacks", async () => {
    renderConsole('/admin/tickets/12', answers, 'support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket #12: Raid Legends' })).toBeInTheDocument();
    expect(screen.getByText('I reached level 20 but got nothing.')).toBeInTheDocument();
    expect(screen.getByText('Still waiting for my coins.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Screenshot attached to ticket #12' })).toHaveAttribute('src', '/api/admin/tickets/12/screenshot');
    expect(screen.getByRole('table', { name: 'Latest callbacks of this user' })).toHaveTextContent('tx-123');
  });

  it('sends a reply and says so', async () => {
    const { api } = renderConsole('/admin/tickets/12', { ...answers, 'POST /admin/tickets/12/reply': success({ ...ticket(), message_id: 2, text: 'We asked the partner.' }) }, 'support');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send reply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Write the answer first.');
    await user.type(screen.getByLabelText('Reply to the user'), 'We asked the partner.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Reply sent.')).toBeInTheDocument();
    expect(await api.lastBody('POST /admin/tickets/12/reply')).toEqual({ text: 'We asked the partner.' });
    expect(screen.getByLabelText('Reply to the user')).toHaveValue('');
  });

  it('accepts with an amount and a reason', async () => {
    const { api } = renderConsole('/admin/tickets/12', { ...answers, 'POST /admin/tickets/12/accept': success({ ...ticket({ status: 'accepted' }), credited_by: 'ticket' }) }, 'support');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept with an amount' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept ticket #12' });
    // Focus moves in once the dialog's effects ran, which a busy machine can run after the dialog shows.
    await waitFor(() => expect(within(dialog).getByLabelText('Amount to credit (dollars)')).toHaveFocus());
    await user.type(within(dialog).getByLabelText('Amount to credit (dollars)'), '1.50');
    await user.type(within(dialog).getByLabelText('Reason'), 'Partner confirmed the completion');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Ticket accepted.')).toBeInTheDocument();
    expect(await api.lastBody('POST /admin/tickets/12/accept')).toEqual({ amount: '1.50', reason: 'Partner confirmed the completion' });
  });

  it('still says the ticket was accepted once the ticket reads as closed and its decision panel is gone', async () => {
    // As the server answers: after the accept, reading the ticket again gives it accepted.
    let accepted = false;
    const { api } = renderConsole(
      '/admin/tickets/12',
      {
        'GET /admin/tickets/12': () => success(ticket(accepted ? { status: 'accepted', resolution: 'Credited $1.50' } : {}))(),
        'POST /admin/tickets/12/accept': () => {
          accepted = true;
          return success({ ...ticket({ status: 'accepted' }), credited_by: 'ticket' })();
        },
      },
      'support',
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept with an amount' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept ticket #12' });
    await user.type(within(dialog).getByLabelText('Amount to credit (dollars)'), '1.50');
    await user.type(within(dialog).getByLabelText('Reason'), 'Partner confirmed the completion');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Resolution: Credited $1.50')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept with an amount' })).not.toBeInTheDocument();
    expect(screen.getByText('Ticket accepted.')).toBeInTheDocument();
    expect(api.requests('GET /admin/tickets/12')).toHaveLength(2);
  });

  it('declines with a reason', async () => {
    const { api } = renderConsole('/admin/tickets/12', { ...answers, 'POST /admin/tickets/12/decline': success(ticket({ status: 'declined' })) }, 'admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    await user.type(await screen.findByLabelText('Reason'), 'No completion on the partner side');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Ticket declined.')).toBeInTheDocument();
    expect(await api.lastBody('POST /admin/tickets/12/decline')).toEqual({ reason: 'No completion on the partner side' });
  });

  it('offers no reply or decision once the ticket is closed', async () => {
    renderConsole('/admin/tickets/12', { 'GET /admin/tickets/12': success(ticket({ status: 'accepted', resolution: 'Credited $1.50', has_screenshot: false })) }, 'support');
    expect(await screen.findByText('Resolution: Credited $1.50')).toBeInTheDocument();
    expect(screen.queryByLabelText('Reply to the user')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
