import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { page, userRow } from '../../test/admin-fixtures';
import { renderConsole } from '../../test/render-console';

afterEach(() => jest.restoreAllMocks());

describe('Users: search', () => {
  it('lists the newest users before any search, asking with no q', async () => {
    const { api } = renderConsole('/admin/users', { 'GET /admin/users': page([userRow()]) });
    expect(await screen.findByRole('table', { name: 'Newest users' })).toHaveTextContent('ada@example.com');
    expect(Object.fromEntries(new URL(api.requests('GET /admin/users')[0]!.url).searchParams)).toEqual({ limit: '50' });
  });

  it('searches by what was typed and lists the users with their status and balances, linked to their page', async () => {
    const { api } = renderConsole('/admin/users', { 'GET /admin/users': page([userRow(), userRow({ id: 9, email: 'ada.b@example.com', status: 'blocked' })], 'c2') });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Email, name or id' }), 'ada');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table', { name: 'Users matching "ada"' });
    expect(new URL(api.requests('GET /admin/users').at(-1)!.url).searchParams.get('q')).toBe('ada');
    const first = within(table).getByRole('link', { name: 'ada@example.com' });
    expect(first).toHaveAttribute('href', '/admin/users/7');
    expect(first.closest('tr')).toHaveTextContent('$12.34');
    expect(within(table).getByText('blocked')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });

  it('asks for the next page with the cursor the server gave', async () => {
    const { api } = renderConsole('/admin/users?q=ada', {
      'GET /admin/users': (request) => (new URL(request.url).searchParams.get('cursor') === 'c2' ? page([userRow({ id: 10, email: 'late@example.com' })])() : page([userRow()], 'c2')()),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'late@example.com' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ada@example.com' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
    expect(api.requests('GET /admin/users')).toHaveLength(2);
  });

  it('says what to try when nobody matches', async () => {
    renderConsole('/admin/users?q=zzz', { 'GET /admin/users': page([]) });
    expect(await screen.findByText('No user matches. Try part of the address, or the id.')).toBeInTheDocument();
  });
});
