import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STAFF_CONSOLE_SESSION_REQUIRED, STAFF_TWO_FACTOR_REQUIRED } from '@rewards/shared/contracts/admin-types';
import { jsonResponse } from '@rewards/shared/test/render-with-providers.tsx';
import { overview, refusal, staffMe, success } from '../test/admin-fixtures';
import { renderConsole } from '../test/render-console';

afterEach(() => jest.restoreAllMocks());

const stale = (method: 'totp' | 'email' | 'off') => staffMe({ fresh: false, two_factor: method, console_session: false, verified_at: null, fresh_until: null });

describe('the code step before any console page (issue 33)', () => {
  it('asks for the authenticator code first and shows no console page or navigation before it', async () => {
    const { api } = renderConsole('/admin/users', { 'GET /admin/me': success(stale('totp')) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff console' })).toBeInTheDocument();
    expect(screen.getByText(/enter the 6-digit code from your authenticator app/)).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Staff console' })).not.toBeInTheDocument();
    expect(api.requests('GET /admin/users')).toHaveLength(0);
  });

  it('posts the code to /api/admin/verify and opens the page asked for', async () => {
    const { api } = renderConsole('/admin/users', {
      'GET /admin/me': success(stale('totp')),
      'POST /admin/verify': success(staffMe()),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Open the console' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(await api.lastBody('POST /admin/verify')).toEqual({ code: '123456' });
    expect(screen.getByRole('navigation', { name: 'Staff console' })).toBeInTheDocument();
  });

  it('says "Invalid code." on a wrong code and stays on the step', async () => {
    renderConsole('/admin', {
      'GET /admin/me': success(stale('totp')),
      'POST /admin/verify': () => jsonResponse({ status: 'error', message: 'Invalid code.', errors: { code: ['Invalid code.'] } }, 422),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Open the console' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code.');
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('heading', { level: 1, name: 'Overview' })).not.toBeInTheDocument();
  });

  it('asks for a code before posting an empty one', async () => {
    const { api } = renderConsole('/admin', { 'GET /admin/me': success(stale('totp')) });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Open the console' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the code.');
    expect(api.requests('POST /admin/verify')).toHaveLength(0);
  });

  it('emails a code on request for staff with email codes', async () => {
    const { api } = renderConsole('/admin', { 'GET /admin/me': success(stale('email')), 'POST /admin/verify/send': success({ sent: true }) });
    const user = userEvent.setup();
    expect(await screen.findByText(/we email a 6-digit code to grace@example.com/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByText('Code sent to grace@example.com.')).toBeInTheDocument();
    expect(api.requests('POST /admin/verify/send')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Send another code' })).toBeInTheDocument();
  });

  it('tells staff without two-factor to turn it on, with no code field', async () => {
    renderConsole('/admin', { 'GET /admin/me': success(stale('off')) });
    expect(await screen.findByText('The console needs two-factor sign-in on your account.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
  });

  it('asks for the console cookie without a code while the second factor is fresh, then opens the console', async () => {
    const { api } = renderConsole('/admin', {
      'GET /admin/me': success(staffMe({ console_session: false })),
      'POST /admin/session': success(staffMe()),
      'GET /admin/overview': success(overview()),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(api.requests('POST /admin/session')).toHaveLength(1);
  });

  it('goes back to the code step when a page is refused for a stale second factor', async () => {
    let stillFresh = true;
    renderConsole('/admin', {
      'GET /admin/me': () => success(stillFresh ? staffMe() : stale('totp'))(),
      'GET /admin/overview': () => {
        stillFresh = false;
        return refusal(403, STAFF_TWO_FACTOR_REQUIRED, 'Enter a code.', { method: 'totp' })();
      },
    });
    expect(await screen.findByLabelText('Code')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Staff console' })).not.toBeInTheDocument();
  });

  it('gets a new console cookie once and repeats the call when the cookie is missing', async () => {
    let cookie = false;
    const { api } = renderConsole('/admin', {
      'GET /admin/overview': () => (cookie ? success(overview())() : refusal(403, STAFF_CONSOLE_SESSION_REQUIRED, 'Open the console again.')()),
      'POST /admin/session': () => {
        cookie = true;
        return success(staffMe())();
      },
    });
    expect(await screen.findByText('Open tickets')).toBeInTheDocument();
    expect(api.requests('GET /admin/overview')).toHaveLength(2);
    expect(api.requests('POST /admin/session')).toHaveLength(1);
  });
});

describe('role-aware navigation', () => {
  const linksOf = async () => {
    const nav = await screen.findByRole('navigation', { name: 'Staff console' });
    return within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
  };
  const answers = { 'GET /admin/overview': success(overview()) };

  it('shows support Overview, Users, Tickets, Postbacks and Messages', async () => {
    renderConsole('/admin', answers, 'support');
    expect(await linksOf()).toEqual(['Overview', 'Users', 'Tickets', 'Postbacks', 'Messages']);
  });

  it('shows finance Overview, Users, Cashouts, Postbacks and Referrals', async () => {
    renderConsole('/admin', answers, 'finance');
    expect(await linksOf()).toEqual(['Overview', 'Users', 'Cashouts', 'Postbacks', 'Referrals']);
  });

  it('shows admin every page', async () => {
    renderConsole('/admin', answers, 'admin');
    expect(await linksOf()).toEqual(['Overview', 'Users', 'Cashouts', 'Tickets', 'Postbacks', 'Referrals', 'Messages', 'Audit', 'Staff', 'Content']);
  });

  it("routes no page the role may not use: support at /admin/cashouts gets no cashout call", async () => {
    const { api } = renderConsole('/admin/cashouts', answers, 'support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not part of your console' })).toBeInTheDocument();
    expect(api.requests('GET /admin/cashouts')).toHaveLength(0);
  });

  it('marks the page shown in the navigation', async () => {
    renderConsole('/admin/messages', { 'GET /admin/messages': success({ items: [], next_cursor: null }) }, 'support');
    const nav = await screen.findByRole('navigation', { name: 'Staff console' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page'));
    expect(within(nav).getByText('grace@example.com')).toBeInTheDocument();
  });
});
