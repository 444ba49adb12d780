import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationItem, NotificationsPage as Page } from '@rewards/shared/contracts/notifications';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { signedInState } from '@rewards/shared/test/sample-user';
import { fakeApi, ok } from '@rewards/shared/test/fake-api';
import NotificationsPage from './notifications-page';

const credit = (id: number, read = false): NotificationItem => ({
  id,
  kind: 'credit',
  title: `You earned $${id}.00`,
  body: `“Offer ${id}”: available now.`,
  link: '/Profile',
  created_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
  read,
});
const ids = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, index) => from - index);

describe('/notifications', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists every notification, 20 at a time: "Show more" reads the next page by its cursor', async () => {
    const user = userEvent.setup();
    const first: Page = { items: ids(25, 6).map((id) => credit(id)), unread: 25, next_cursor: '6' };
    const second: Page = { items: ids(5, 1).map((id) => credit(id)), unread: 25, next_cursor: null };
    const api = fakeApi({ 'GET /notifications': (request) => ok({ status: 'success', data: new URL(request.url).searchParams.get('cursor') === '6' ? second : first })() });
    renderWithProviders(<NotificationsPage />, { preloadedState: signedInState({ unread_notifications: 25 }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(await screen.findByText('You earned $25.00')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('25 unread')).toBeInTheDocument();
    expect(screen.getAllByText('3 hours ago')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('You earned $1.00')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(25);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(api.requests('GET /notifications').map((request) => new URL(request.url).search)).toEqual(['?limit=20', '?limit=20&cursor=6']);
  });

  it('marks all read', async () => {
    const user = userEvent.setup();
    let read = false;
    const api = fakeApi({
      'GET /notifications': () => ok({ status: 'success', data: { items: [credit(2, read), credit(1, read)], unread: read ? 0 : 2, next_cursor: null } })(),
      'POST /notifications/read': () => {
        read = true;
        return ok({ status: 'success', data: { unread: 0 } })();
      },
    });
    const { store } = renderWithProviders(<NotificationsPage />, { preloadedState: signedInState({ unread_notifications: 2 }) });
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('All read')).toBeInTheDocument();
    expect(await api.lastBody('POST /notifications/read')).toEqual({ all: true });
    await waitFor(() => expect(screen.queryByText(/Unread:/)).not.toBeInTheDocument());
    expect(store.getState().session.user?.unread_notifications).toBe(0);
  });

  it('says "You\'re all caught up" when there is nothing yet', async () => {
    fakeApi({ 'GET /notifications': ok({ status: 'success', data: { items: [], unread: 0, next_cursor: null } }) });
    renderWithProviders(<NotificationsPage />, { preloadedState: signedInState() });
    expect(await screen.findByText("You're all caught up")).toBeInTheDocument();
  });
});
