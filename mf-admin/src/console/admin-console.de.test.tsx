import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { switchLocale } from '@rewards/shared/translate/messages';
import { cashoutRow, overview, page, staffMe, success, ticket, userPage } from '../test/admin-fixtures';
import { renderConsole } from '../test/render-console';
import { formatTime } from '../ui/format';

beforeEach(async () => {
  await act(() => switchLocale('de'));
});

afterEach(async () => {
  await act(() => switchLocale('en'));
  jest.restoreAllMocks();
});

describe('the staff console in German', () => {
  it('asks for the code in German', async () => {
    renderConsole('/admin', { 'GET /admin/me': success(staffMe({ fresh: false, two_factor: 'email', console_session: false, verified_at: null, fresh_until: null })) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mitarbeiterkonsole' })).toBeInTheDocument();
    expect(screen.getByText(/Wir senden einen 6-stelligen Code an/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Code per E-Mail senden' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Konsole öffnen' })).toBeInTheDocument();
  });

  it('names the sections and the role in German, and says so for a page outside the console', async () => {
    renderConsole('/admin/nowhere', { 'GET /admin/me': success(staffMe({ staff_role: 'finance' })), 'GET /admin/overview': success(overview()) });
    const nav = await screen.findByRole('navigation', { name: 'Mitarbeiterkonsole' });
    expect(within(nav).getByText('Finanzen')).toBeInTheDocument();
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Übersicht', 'Nutzer', 'Auszahlungen', 'Postbacks', 'Empfehlungen']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Nicht Teil deiner Konsole' })).toBeInTheDocument();
  });

  it('shows the overview in German, a plural included', async () => {
    renderConsole('/admin', { 'GET /admin/me': success(staffMe()), 'GET /admin/overview': success(overview()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Übersicht' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Wartet auf das Team' })).toHaveTextContent('Offene Tickets');
    expect(screen.getByText(/^Letzte 24 Stunden: 2 Gutschriften über 3,00\s\$, 1 Stornierung über 0,50\s\$\.$/)).toBeInTheDocument();
  });

  it('writes times as German does, in UTC', () => {
    expect(formatTime('2026-03-05T14:03:00.000Z')).toBe('05.03.2026, 14:03 UTC');
  });

  it('shows a user, their actions and a dialog in German', async () => {
    renderConsole('/admin/users/7', { 'GET /admin/users/7': success(userPage()), 'GET /admin/users/7/earnings': page([]) }, 'finance');
    expect(await screen.findByRole('link', { name: 'Zurück zu den Nutzern' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Guthaben' })).toHaveTextContent('Verfügbar');
    expect(screen.getAllByText('aktiv').length).toBeGreaterThan(0);
    const actions = screen.getByRole('region', { name: 'Aktionen' });
    await userEvent.setup().click(within(actions).getByRole('button', { name: 'Sperren' }));
    const dialog = await screen.findByRole('dialog', { name: 'ada@example.com (#7) sperren' });
    expect(dialog).toHaveTextContent('Wird mit deiner E-Mail im Audit-Protokoll gespeichert.');
  });

  it('shows the review queue and a ticket in German', async () => {
    renderConsole('/admin/cashouts', { 'GET /admin/me': success(staffMe({ staff_role: 'finance' })), 'GET /admin/cashouts': page([cashoutRow()]) }, 'finance');
    expect(await screen.findByRole('table', { name: 'Auszahlungen zur Prüfung, älteste zuerst' })).toHaveTextContent('Warnung: Kontoalter (Tage): 2');
    expect(screen.getByRole('button', { name: 'Auszahlung #41 genehmigen' })).toHaveTextContent('Genehmigen');
  });

  it('shows a ticket in German', async () => {
    renderConsole('/admin/tickets/12', { 'GET /admin/tickets/12': success(ticket()) }, 'support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket #12: Raid Legends' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Antwort senden' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mit Betrag annehmen' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Screenshot zu Ticket #12' })).toBeInTheDocument();
  });
});
