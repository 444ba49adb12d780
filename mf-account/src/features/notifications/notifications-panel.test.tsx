import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationItem, NotificationsPage } from '@rewards/shared/contracts/notifications';
import { notificationArrived } from '@rewards/shared/store/session-slice';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { signedInState } from '@rewards/shared/test/sample-user';
import { fakeApi, ok } from '@rewards/shared/test/fake-api';
import { LocationProbe } from '../../test/location-probe';
import NotificationsPanel from './notifications-panel';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function item(overrides: Partial<NotificationItem> & { id: number }): NotificationItem {
  return { kind: 'credit', title: 'You earned $1.50', body: '“Dragon Forge”: available now.', link: '/Profile', created_at: minutesAgo(2), read: false, ...overrides };
}

const page = (items: NotificationItem[], unread = items.filter((entry) => !entry.read).length, next_cursor: string | null = null): NotificationsPage => ({
  items,
  unread,
  next_cursor,
});
const listed = (data: NotificationsPage) => ok({ status: 'success', data });

const bells: HTMLButtonElement[] = [];

/** The panel as the shell hosts it: opened from the bell (focused), closed through onClose. */
function renderPanel(pages: NotificationsPage[], unread = pages[0]!.unread) {
  let call = 0;
  const api = fakeApi({
    'GET /notifications': () => listed(pages[Math.min(call++, pages.length - 1)]!)(),
    'POST /notifications/read': async (request) => {
      const body = (await request.clone().json()) as { ids?: number[]; all?: boolean };
      return ok({ status: 'success', data: { unread: body.all ? 0 : Math.max(0, unread - (body.ids?.length ?? 0)) } })();
    },
  });
  const onClose = jest.fn();
  const bell = document.createElement('button');
  bell.textContent = 'Bell';
  document.body.append(bell);
  bells.push(bell);
  bell.focus();
  const rendered = renderWithProviders(
    <>
      <NotificationsPanel onClose={onClose} />
      <LocationProbe />
    </>,
    { preloadedState: signedInState({ unread_notifications: unread }), route: '/Earn' },
  );
  return { api, onClose, bell, ...rendered };
}

describe('the notification panel (mf_account/notifications-panel)', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    bells.splice(0).forEach((bell) => bell.remove());
  });

  it('is a dialog named "Notifications" listing the newest 20, unread ones marked, each with its time', async () => {
    const { api } = renderPanel([page([item({ id: 2 }), item({ id: 1, title: 'Cashout approved', body: 'Your $5.00 PayPal cashout was approved.', link: '/Cashout', created_at: minutesAgo(90), read: true })])]);
    const dialog = screen.getByRole('dialog', { name: 'Notifications' });
    const links = await within(dialog).findAllByRole('link', { name: /ago|Dragon|Cashout/ });
    expect(links[0]).toHaveAccessibleName(/^Unread: You earned \$1\.50/);
    expect(links[0]).toHaveTextContent('2 minutes ago');
    expect(links[1]).toHaveAccessibleName(/^Cashout approved/);
    expect(links[1]).toHaveTextContent('1 hour ago');
    expect(links[1]).toHaveAttribute('href', '/Cashout');
    expect(new URL(api.requests('GET /notifications')[0]!.url).search).toBe('?limit=20');
  });

  it('says "You\'re all caught up" when there is nothing, with "Mark all as read" off', async () => {
    renderPanel([page([])]);
    expect(await screen.findByText("You're all caught up")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('marks all read: asks the server, and the bell’s count follows its answer', async () => {
    const user = userEvent.setup();
    const { api, store } = renderPanel([page([item({ id: 2 }), item({ id: 1 })]), page([item({ id: 2, read: true }), item({ id: 1, read: true })])]);
    await screen.findAllByText('You earned $1.50');
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(store.getState().session.user?.unread_notifications).toBe(0));
    expect(await api.lastBody('POST /notifications/read')).toEqual({ all: true });
    await waitFor(() => expect(screen.queryByText(/Unread:/)).not.toBeInTheDocument());
    const markAll = screen.getByRole('button', { name: 'Mark all as read' });
    expect(markAll).toHaveAttribute('aria-disabled', 'true');
    // It keeps the focus, so Escape still closes the panel; a second press sends nothing.
    expect(markAll).toHaveFocus();
    await user.click(markAll);
    expect(api.requests('POST /notifications/read')).toHaveLength(1);
  });

  it('follows a notification’s link on a click, marks it read and closes', async () => {
    const user = userEvent.setup();
    const rejected = item({ id: 9, title: 'Cashout rejected', link: '/Cashout' });
    const { api, onClose, store } = renderPanel([page([rejected]), page([{ ...rejected, read: true }])]);
    await user.click(await screen.findByRole('link', { name: /Cashout rejected/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/Cashout');
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(api.requests('POST /notifications/read')).toHaveLength(1));
    expect(await api.lastBody('POST /notifications/read')).toEqual({ ids: [9] });
    await waitFor(() => expect(store.getState().session.user?.unread_notifications).toBe(0));
  });

  it('marks one without a link read in place, and sends nothing for one already read', async () => {
    const user = userEvent.setup();
    const { api, onClose } = renderPanel([page([item({ id: 5, kind: 'password_changed', title: 'Your password was changed', link: null }), item({ id: 4, link: null, read: true })])]);
    await user.click(await screen.findByRole('button', { name: /Your password was changed/ }));
    await user.click(screen.getByRole('button', { name: /^You earned/ }));
    await waitFor(() => expect(api.requests('POST /notifications/read')).toHaveLength(1));
    expect(await api.lastBody('POST /notifications/read')).toEqual({ ids: [5] });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on Escape and gives the focus back to the bell', async () => {
    const user = userEvent.setup();
    const { onClose, bell, unmount } = renderPanel([page([item({ id: 1 })])]);
    expect(bell).not.toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    // The shell unmounts the panel when told to close.
    unmount();
    expect(bell).toHaveFocus();
  });

  it('links "See all" to /notifications, closing the panel', async () => {
    const user = userEvent.setup();
    const { onClose } = renderPanel([page([])]);
    await user.click(screen.getByRole('link', { name: 'See all' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/notifications');
    expect(onClose).toHaveBeenCalled();
  });

  it('reads the list again when a notification arrives live while it is open', async () => {
    const { store, api } = renderPanel([page([item({ id: 1, read: true })]), page([item({ id: 2, title: 'Cashout rejected' }), item({ id: 1, read: true })])]);
    await screen.findByText('You earned $1.50');
    act(() => {
      store.dispatch(notificationArrived());
    });
    expect(await screen.findByText('Cashout rejected')).toBeInTheDocument();
    expect(api.requests('GET /notifications')).toHaveLength(2);
    expect(store.getState().session.user?.unread_notifications).toBe(1);
  });

  it('says so, with Retry, when the list cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeApi({});
    renderWithProviders(<NotificationsPanel onClose={jest.fn()} />, { preloadedState: signedInState() });
    expect(await screen.findByText('Notifications could not be loaded. Please try again in a moment.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
