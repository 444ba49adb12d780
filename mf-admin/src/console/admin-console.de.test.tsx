import { act, screen, within } from '@testing-library/react';
import { switchLocale } from '@rewards/shared/translate/messages';
import { overview, staffMe, success } from '../test/admin-fixtures';
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
});
