import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '@rewards/shared/test/render-with-providers.tsx';
import { renderRoute } from '@rewards/shared/test/route-table.tsx';
import { TICKET_MESSAGES, type Ticket, type TicketDetail } from '@rewards/shared/contracts/ticket-types';
import { fakeApi, ok, pending } from '@rewards/shared/test/fake-api';
import { provideErrorMessages } from '@rewards/shared/translate/api-errors';
import { switchLocale } from '@rewards/shared/translate/messages';
import { useNodeFormData } from '../test/node-form-data';
import routes from '../routes';

const LIST = 'GET /tickets';

function ticket(id: number, fields: Partial<Ticket> = {}): Ticket {
  return {
    id,
    status: 'awaiting',
    offer_name: `Castle Quest ${id}`,
    offer_id: null,
    wall: 'notik',
    completed_at: '2025-03-02',
    created_at: '2025-03-04T10:00:00.000Z',
    updated_at: '2025-03-04T10:00:00.000Z',
    credited: null,
    resolution: null,
    partner_credited_later: false,
    ...fields,
  };
}

function detail(id: number, fields: Partial<TicketDetail> = {}): TicketDetail {
  return { ...ticket(id), details: 'I reached level 10 and got nothing.', has_screenshot: false, messages: [], ...fields };
}

describe('Missing credits page (/tickets, issue 29)', () => {
  useNodeFormData();
  afterEach(() => jest.restoreAllMocks());

  it('shows skeleton rows while the tickets load', () => {
    fakeApi({ [LIST]: () => pending() });
    renderRoute(routes, '/tickets');
    return waitFor(() => expect(screen.getAllByTestId('ticket-skeleton')).toHaveLength(3));
  });

  it('lists the tickets newest first with their status, each linking to its thread', async () => {
    fakeApi({
      [LIST]: ok({
        status: 'success',
        data: [ticket(7, { status: 'accepted', credited: '2.50', offer_name: 'Dragon Forge Legends', wall: null, offer_id: 'dragon-forge-legends' }), ticket(3, { status: 'declined' })],
      }),
    });
    renderRoute(routes, '/tickets');
    expect(await screen.findByRole('heading', { level: 1, name: 'Missing credits' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your tickets' });
    const [first, second] = within(list).getAllByRole('link');
    expect(first).toHaveAttribute('href', '/tickets/7');
    expect(first).toHaveTextContent('Dragon Forge Legends');
    expect(first).toHaveTextContent('Offer · reported Mar 4, 2025 · #7');
    expect(first).toHaveTextContent('+$2.50');
    expect(first).toHaveTextContent('Accepted');
    expect(second).toHaveTextContent('Notik · reported');
    expect(second).toHaveTextContent('Declined');
  });

  it('says so when there are no tickets', async () => {
    fakeApi({ [LIST]: ok({ status: 'success', data: [] }) });
    renderRoute(routes, '/tickets');
    expect(await screen.findByText('You have not reported a missing credit yet.')).toBeInTheDocument();
  });

  it('reports a partner wall offer: checks the fields first, then sends them with the screenshot and opens the new ticket', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      [LIST]: ok({ status: 'success', data: [] }),
      'POST /tickets': () => jsonResponse({ status: 'success', data: { id: 42, status: 'awaiting' } }, 201),
      'GET /tickets/42': ok({ status: 'success', data: detail(42) }),
    });
    renderRoute(routes, '/tickets');
    const form = await screen.findByRole('form', { name: 'Report a missing offer' });

    await user.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(within(form).getByLabelText('Partner wall')).toHaveAccessibleDescription(TICKET_MESSAGES.unknownWall);
    expect(within(form).getByLabelText('Partner wall')).toHaveFocus();
    expect(within(form).getByLabelText('Offer name')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('What happened?')).toHaveAccessibleDescription(expect.stringContaining(TICKET_MESSAGES.details));
    expect(api.requests('POST /tickets')).toHaveLength(0);

    await user.selectOptions(within(form).getByLabelText('Partner wall'), 'Notik');
    await user.type(within(form).getByLabelText('Offer name'), 'Castle Quest');
    await user.type(within(form).getByLabelText('Date you completed it'), '2025-03-02');
    await user.type(within(form).getByLabelText('What happened?'), 'I reached level 10 and got nothing.');
    await user.upload(within(form).getByLabelText('Screenshot (optional)'), new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'proof.png', { type: 'image/png' }));
    await user.click(within(form).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Castle Quest 42' })).toBeInTheDocument();
    expect((await api.bodies('POST /tickets'))[0]).toEqual({
      wall: 'notik',
      offer_name: 'Castle Quest',
      completed_at: '2025-03-02',
      details: 'I reached level 10 and got nothing.',
      screenshot: 'proof.png (image/png)',
    });
  });

  it('refuses a screenshot too large or of another type before sending', async () => {
    const user = userEvent.setup({ applyAccept: false });
    fakeApi({ [LIST]: ok({ status: 'success', data: [] }) });
    renderRoute(routes, '/tickets');
    const form = await screen.findByRole('form', { name: 'Report a missing offer' });
    await user.upload(within(form).getByLabelText('Screenshot (optional)'), new File(['GIF89a'], 'proof.gif', { type: 'image/gif' }));
    await user.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(within(form).getByLabelText('Screenshot (optional)')).toHaveAccessibleDescription(expect.stringContaining(TICKET_MESSAGES.screenshot));
  });

  it("reports a started offer from My Offers by its id, and shows the API's refusal above the button and under the field", async () => {
    const user = userEvent.setup();
    const tooEarly = 'You can report this offer 24 hours after you started it.';
    const api = fakeApi({
      [LIST]: ok({ status: 'success', data: [] }),
      'POST /tickets': () => jsonResponse({ status: 'error', message: tooEarly, errors: { offer_id: [tooEarly] } }, 422),
    });
    renderRoute(routes, '/tickets?offer_id=dragon-forge-legends&offer_name=Dragon+Forge+Legends');
    const form = await screen.findByRole('form', { name: 'Report missing credit' });
    expect(await within(form).findByText('Dragon Forge Legends')).toBeInTheDocument();
    expect(within(form).queryByLabelText('Partner wall')).not.toBeInTheDocument();

    await user.type(within(form).getByLabelText('Date you completed it'), '2025-03-02');
    await user.type(within(form).getByLabelText('What happened?'), 'Finished the tutorial, nothing came.');
    await user.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(tooEarly);
    expect((await api.bodies('POST /tickets'))[0]).toEqual({
      offer_id: 'dragon-forge-legends',
      completed_at: '2025-03-02',
      details: 'Finished the tutorial, nothing came.',
    });

    await user.click(within(form).getByRole('button', { name: "Report a partner wall's offer instead" }));
    expect(await screen.findByRole('form', { name: 'Report a missing offer' })).toBeInTheDocument();
  });
});

describe('A ticket page (/tickets/:id, issue 29)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the status, the report with its screenshot and the thread, and sends a reply', async () => {
    const user = userEvent.setup();
    let current = detail(9, {
      status: 'answered',
      has_screenshot: true,
      messages: [{ id: 1, author: 'support', text: 'Which level did you reach?', created_at: '2025-03-05T09:00:00.000Z' }],
    });
    const api = fakeApi({
      'GET /tickets/9': () => jsonResponse({ status: 'success', data: current }),
      'POST /tickets/9/messages': () => {
        const message = { id: 2, author: 'user' as const, text: 'Level 10, on Android.', created_at: '2025-03-05T10:00:00.000Z' };
        current = { ...current, status: 'awaiting', messages: [...current.messages, message] };
        return jsonResponse({ status: 'success', data: message }, 201);
      },
    });
    renderRoute(routes, '/tickets/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Castle Quest 9' })).toBeInTheDocument();
    expect(screen.getByText('Ticket #9 · Notik')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Status' })).getByText('Support answered. Reply below if you have more to add.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Your screenshot' })).toHaveAttribute('src', '/api/tickets/9/screenshot');
    const messages = screen.getByRole('list', { name: 'Messages' });
    expect(within(messages).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('I reached level 10 and got nothing.'),
      expect.stringContaining('Which level did you reach?'),
    ]);
    expect(within(messages).getAllByRole('listitem')[1]).toHaveTextContent(/^Support/);

    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please write your reply first.');
    await user.type(screen.getByLabelText('Your reply'), 'Level 10, on Android.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await within(messages).findByText('Level 10, on Android.')).toBeInTheDocument();
    expect((await api.bodies('POST /tickets/9/messages'))[0]).toEqual({ text: 'Level 10, on Android.' });
    expect(screen.getByLabelText('Your reply')).toHaveValue('');
    expect(await screen.findByText('Support will answer here. Add anything that helps below.')).toBeInTheDocument();
  });

  it('shows an accepted ticket with the amount credited and no reply box', async () => {
    fakeApi({ 'GET /tickets/4': ok({ status: 'success', data: detail(4, { status: 'accepted', credited: '2.50', resolution: 'The partner confirmed it.' }) }) });
    renderRoute(routes, '/tickets/4');
    expect(await screen.findByText('Accepted: $2.50 was added to your balance. The partner confirmed it.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your reply')).not.toBeInTheDocument();
  });

  it('says "Ticket not found" for an id that is not one, or a ticket the API does not find', async () => {
    const api = fakeApi({});
    renderRoute(routes, '/tickets/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket not found' })).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: '← All tickets' })).toHaveAttribute('href', '/tickets');
  });

  it('says "Ticket not found" when the API answers 404', async () => {
    fakeApi({ 'GET /tickets/5': () => jsonResponse({ status: 'error', message: 'Ticket not found.' }, 404) });
    renderRoute(routes, '/tickets/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket not found' })).toBeInTheDocument();
  });
});

describe('Missing credits in German', () => {
  useNodeFormData();
  const tooEarly = 'You can report this offer 24 hours after you started it.';

  beforeAll(() => {
    // The shell's translations of the API's error codes, as this test needs one.
    const german: Record<string, string> = {
      ticket_too_early: 'Du kannst dieses Angebot 24 Stunden nach dem Start melden.',
      too_long: 'Verwende höchstens {max} Zeichen.',
    };
    provideErrorMessages(async (locale) => (locale === 'de' ? german : {}));
  });
  afterEach(async () => {
    await act(() => switchLocale('en'));
    jest.restoreAllMocks();
  });

  it('lists the tickets with German dates and amounts', async () => {
    await act(() => switchLocale('de'));
    fakeApi({ [LIST]: ok({ status: 'success', data: [ticket(7, { status: 'accepted', credited: '2.50', wall: null, offer_id: 'dragon-forge-legends' })] }) });
    renderRoute(routes, '/tickets');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fehlende Gutschriften' })).toBeInTheDocument();
    const [row] = within(await screen.findByRole('list', { name: 'Deine Tickets' })).getAllByRole('link');
    expect(row).toHaveTextContent('Angebot · gemeldet am 04.03.2025 · #7');
    expect(row).toHaveTextContent('+2,50 $');
    expect(row).toHaveTextContent('Angenommen');
  });

  it('checks the report form in German, and shows the translation of the API refusal', async () => {
    await act(() => switchLocale('de'));
    const user = userEvent.setup();
    fakeApi({
      [LIST]: ok({ status: 'success', data: [] }),
      'POST /tickets': () => jsonResponse({ status: 'error', code: 'ticket_too_early', message: tooEarly, errors: { offer_id: [tooEarly] } }, 422),
    });
    renderRoute(routes, '/tickets');
    const form = await screen.findByRole('form', { name: 'Fehlendes Angebot melden' });
    expect(within(form).getByLabelText('Was ist passiert?')).toHaveAccessibleDescription('Was du getan und was du erwartet hast, 10 bis 2.000 Zeichen (bisher 0).');

    await user.click(within(form).getByRole('button', { name: 'Meldung senden' }));
    expect(within(form).getByLabelText('Partnerwand')).toHaveAccessibleDescription('Bitte wähle eine unserer Partnerwände.');
    expect(within(form).getByLabelText('Partnerwand')).toHaveFocus();
    expect(within(form).getByLabelText('Name des Angebots')).toHaveAccessibleDescription(
      'So, wie die Wand ihn anzeigt. Bitte gib den Namen des Angebots ein (höchstens 200 Zeichen).',
    );
    expect(within(form).getByLabelText('Was ist passiert?')).toHaveAccessibleDescription(expect.stringContaining('Bitte beschreibe in 10 bis 2.000 Zeichen, was passiert ist.'));

    await user.selectOptions(within(form).getByLabelText('Partnerwand'), 'Notik');
    await user.type(within(form).getByLabelText('Name des Angebots'), 'Castle Quest');
    await user.type(within(form).getByLabelText('Abgeschlossen am'), '2025-03-02');
    await user.type(within(form).getByLabelText('Was ist passiert?'), 'Level 10 erreicht, nichts bekommen.');
    await user.click(within(form).getByRole('button', { name: 'Meldung senden' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Du kannst dieses Angebot 24 Stunden nach dem Start melden.');
  });

  it('shows a field error of the API under its field in German, by its code', async () => {
    await act(() => switchLocale('de'));
    const user = userEvent.setup();
    const tooLong = 'The offer name may not be greater than 200 characters.';
    fakeApi({
      [LIST]: ok({ status: 'success', data: [] }),
      'POST /tickets': () =>
        jsonResponse(
          { status: 'error', code: 'validation_failed', message: tooLong, errors: { offer_name: [tooLong] }, field_codes: { offer_name: [{ code: 'too_long', params: { max: 200 } }] } },
          422,
        ),
    });
    renderRoute(routes, '/tickets');
    const form = await screen.findByRole('form', { name: 'Fehlendes Angebot melden' });
    await user.selectOptions(within(form).getByLabelText('Partnerwand'), 'Notik');
    await user.type(within(form).getByLabelText('Name des Angebots'), 'Castle Quest');
    await user.type(within(form).getByLabelText('Abgeschlossen am'), '2025-03-02');
    await user.type(within(form).getByLabelText('Was ist passiert?'), 'Level 10 erreicht, nichts bekommen.');
    await user.click(within(form).getByRole('button', { name: 'Meldung senden' }));
    await waitFor(() => expect(within(form).getByLabelText('Name des Angebots')).toHaveAccessibleDescription(expect.stringContaining('Verwende höchstens 200 Zeichen.')));
  });
});
