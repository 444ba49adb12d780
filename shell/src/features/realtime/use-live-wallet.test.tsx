import { act, screen, waitFor } from '@testing-library/react';
import { api } from '@rewards/shared/api/api';
import { setApiBase } from '@rewards/shared/api/base-query';
import type { WalletUpdatedEvent } from '@rewards/shared/contracts/realtime';
import { signedOut as signOut } from '@rewards/shared/store/session-slice';
import { refreshSession } from '@rewards/shared/store/session-thunks';
import { makeStore, type RootState } from '@rewards/shared/store/store';
import { jsonResponse, renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { sampleUser, signedInState } from '@rewards/shared/test/sample-user';
import FakePusher, { onlyPusher } from '../../test/fake-pusher';
import { testRuntimeConfig } from '../../test/runtime-config';
import { sessionUnknown, signedOut } from '../../test/session-fixtures';
import { SiteHeader } from '../navigation';
import { createRealtimeConnection } from './realtime-connection';
import { useLiveWallet } from './use-live-wallet';

jest.mock('pusher-js', () => jest.requireActual('../../test/fake-pusher'));

const connection = createRealtimeConnection(testRuntimeConfig.realtime, '/api');

function HeaderWithLiveWallet() {
  useLiveWallet(connection, 0);
  return <SiteHeader />;
}

function renderSignedIn(preloadedState: Partial<RootState> = signedInState({ id: 42, wallet: '12.34' })) {
  const store = makeStore(preloadedState);
  const dispatch = jest.spyOn(store, 'dispatch');
  return { dispatch, ...renderWithProviders(<HeaderWithLiveWallet />, { store }) };
}

async function userChannel() {
  await waitFor(() => expect(FakePusher.instances).toHaveLength(1));
  const pusher = onlyPusher();
  const channel = pusher.channels[0]!;
  const walletUpdated = (event: WalletUpdatedEvent) => act(() => channel.emit('wallet.updated', event));
  return { pusher, channel, walletUpdated };
}

const profileRequests = (fetchMock: jest.SpyInstance) =>
  fetchMock.mock.calls.filter(([request]) => new URL((request as Request).url).pathname === '/api/user/Profile');

/** Lets the client's dynamic import settle, so "nothing connected" is not just "not yet". */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('live wallet', () => {
  let fetchMock: jest.SpyInstance;
  let profile = sampleUser({ id: 42, wallet: '15.00', total_earnings: '42.66' });

  beforeEach(() => {
    setApiBase('/api');
    FakePusher.instances = [];
    profile = sampleUser({ id: 42, wallet: '15.00', total_earnings: '42.66' });
    fetchMock = jest
      .spyOn(window, 'fetch')
      .mockImplementation(() => Promise.resolve(jsonResponse({ status: 'success', data: profile })));
  });

  afterEach(() => {
    fetchMock.mockRestore();
    jest.useRealTimers();
  });

  it.each([
    ['signed out', signedOut],
    ['not known yet', sessionUnknown],
  ])('connects nothing while the session is %s', async (_, state) => {
    renderWithProviders(<HeaderWithLiveWallet />, { preloadedState: state });
    await settle();
    expect(FakePusher.instances).toHaveLength(0);
  });

  it('joins the channel (pusher-js, the socket) only once the page has settled, then reads the profile again', async () => {
    function SlowWallet() {
      useLiveWallet(connection, 300);
      return null;
    }
    renderWithProviders(<SlowWallet />, { store: makeStore(signedInState({ id: 42, wallet: '12.34' })) });
    await settle();
    expect(FakePusher.instances).toHaveLength(0);
    const { channel } = await userChannel();
    expect(channel.name).toBe('private-user-42');
    act(() => channel.emit('pusher:subscription_succeeded', {}));
    await waitFor(() => expect(profileRequests(fetchMock)).toHaveLength(1));
  });

  it('subscribes to the signed-in user’s private channel', async () => {
    renderSignedIn();
    const { channel } = await userChannel();
    expect(channel.name).toBe('private-user-42');
  });

  it('connects once the session becomes authenticated', async () => {
    const { store } = renderWithProviders(<HeaderWithLiveWallet />, { preloadedState: sessionUnknown });
    await settle();
    expect(FakePusher.instances).toHaveLength(0);
    await act(() => store.dispatch(refreshSession()));
    const { channel } = await userChannel();
    expect(channel.name).toBe('private-user-42');
  });

  it('shows the new balance in the navigation at once, then refreshes open pages and the profile', async () => {
    const { store, dispatch } = renderSignedIn();
    expect(screen.getByText('$12.34')).toBeInTheDocument();
    const { walletUpdated } = await userChannel();
    walletUpdated({ wallet: '15.00', version: 57 });
    expect(screen.getByText('$15.00')).toBeInTheDocument();
    expect(store.getState().session.user?.wallet).toBe('15.00');
    expect(dispatch).toHaveBeenCalledWith(api.util.invalidateTags(['MyOffers', 'CashoutStats', 'CashoutHistory']));
    await waitFor(() => expect(store.getState().session.user?.total_earnings).toBe('42.66'));
    expect(profileRequests(fetchMock)).toHaveLength(1);
  });

  it('ignores an event whose version is not newer than the last one', async () => {
    const { store } = renderSignedIn();
    const { walletUpdated } = await userChannel();
    walletUpdated({ wallet: '15.00', version: 57 });
    walletUpdated({ wallet: '14.00', version: 56 });
    walletUpdated({ wallet: '13.00', version: 57 });
    expect(store.getState().session.user?.wallet).toBe('15.00');
    expect(await screen.findByText('$15.00')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().session.user?.total_earnings).toBe('42.66'));
  });

  it('refreshes the profile at most once per second during a burst', async () => {
    jest.useFakeTimers();
    renderSignedIn();
    const { walletUpdated } = await userChannel();
    walletUpdated({ wallet: '13.00', version: 1 });
    walletUpdated({ wallet: '14.00', version: 2 });
    walletUpdated({ wallet: '15.00', version: 3 });
    await act(() => jest.advanceTimersByTimeAsync(999));
    expect(profileRequests(fetchMock)).toHaveLength(1);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(profileRequests(fetchMock)).toHaveLength(2);
    await act(() => jest.advanceTimersByTimeAsync(5_000));
    expect(profileRequests(fetchMock)).toHaveLength(2);
  });

  it('catches up with the profile each time the channel is joined: a credit before joining sent its event to nobody', async () => {
    const { store } = renderSignedIn();
    const { channel } = await userChannel();
    expect(profileRequests(fetchMock)).toHaveLength(0);
    act(() => channel.emit('pusher:subscription_succeeded'));
    await waitFor(() => expect(store.getState().session.user?.wallet).toBe('15.00'));
    expect(profileRequests(fetchMock)).toHaveLength(1);
  });

  it("counts each notification.created on the bell, without a reload", async () => {
    renderSignedIn(signedInState({ id: 42, unread_notifications: 0 }));
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    const { channel } = await userChannel();
    act(() => channel.emit('notification.created', { id: 7, kind: 'cashout_rejected', title: 'Cashout rejected' }));
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toHaveTextContent('1');
    act(() => channel.emit('notification.created', { id: 8, kind: 'credit', title: 'You earned $1.00' }));
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it('reads the cashouts again on a cashout notification (a cashout paid by its rail moves no balance), not on others', async () => {
    const { dispatch } = renderSignedIn(signedInState({ id: 42, unread_notifications: 0 }));
    const { channel } = await userChannel();
    const refetchCashouts = api.util.invalidateTags(['CashoutStats', 'CashoutHistory']);
    act(() => channel.emit('notification.created', { id: 8, kind: 'credit', title: 'You earned $1.00' }));
    expect(dispatch).not.toHaveBeenCalledWith(refetchCashouts);
    act(() => channel.emit('notification.created', { id: 9, kind: 'cashout_paid', title: 'Cashout paid' }));
    expect(dispatch).toHaveBeenCalledWith(refetchCashouts);
  });

  it('disconnects on sign-out', async () => {
    const { store } = renderSignedIn();
    const { pusher } = await userChannel();
    act(() => {
      store.dispatch(signOut());
    });
    expect(pusher.disconnect).toHaveBeenCalledTimes(1);
  });

  it('disconnects when the shell unmounts', async () => {
    const { unmount } = renderSignedIn();
    const { pusher } = await userChannel();
    unmount();
    expect(pusher.disconnect).toHaveBeenCalledTimes(1);
  });

  it('keeps one connection while the profile refreshes, and reconnects for another user', async () => {
    const { store } = renderSignedIn();
    const { pusher } = await userChannel();
    await act(() => store.dispatch(refreshSession()));
    expect(pusher.disconnect).not.toHaveBeenCalled();
    profile = sampleUser({ id: 8 });
    await act(() => store.dispatch(refreshSession()));
    expect(pusher.disconnect).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(FakePusher.instances).toHaveLength(2));
    expect(FakePusher.instances[1]!.channels[0]!.name).toBe('private-user-8');
  });

  it('keeps the page working when the channel cannot be authorised', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const refused = jsonResponse({ status: 'error', message: 'Unauthenticated.' }, 401);
    fetchMock.mockResolvedValue(refused);
    renderSignedIn();
    const { pusher, channel } = await userChannel();
    const [error] = await act(() => pusher.authorize(channel.name));
    expect(error).toBeInstanceOf(Error);
    act(() => channel.emit('pusher:subscription_error', { status: 401 }));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(screen.getByText('$12.34')).toBeInTheDocument();
    warn.mockRestore();
  });
});
