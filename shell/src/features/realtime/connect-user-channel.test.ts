import { waitFor } from '@testing-library/react';
import { jsonResponse } from '@rewards/shared/test/render-with-providers.tsx';
import FakePusher, { onlyPusher } from '../../test/fake-pusher';
import { testRuntimeConfig } from '../../test/runtime-config';
import { connectUserChannel } from './connect-user-channel';
import { createRealtimeConnection } from './realtime-connection';

jest.mock('pusher-js', () => jest.requireActual('../../test/fake-pusher'));

const realtime = testRuntimeConfig.realtime;

function connect(overrides: Partial<Parameters<typeof connectUserChannel>[0]> = {}) {
  const onWalletUpdated = jest.fn();
  const onSubscribed = jest.fn();
  const connection = createRealtimeConnection(realtime, '/api');
  const disconnect = connectUserChannel({ connection, userId: 42, onWalletUpdated, onSubscribed, ...overrides });
  return { onWalletUpdated, onSubscribed, disconnect };
}

async function connected() {
  const connection = connect();
  await waitFor(() => expect(FakePusher.instances).toHaveLength(1));
  return { ...connection, pusher: onlyPusher() };
}

describe('connecting to the user channel', () => {
  let fetchMock: jest.SpyInstance;
  let warn: jest.SpyInstance;

  beforeEach(() => {
    FakePusher.instances = [];
    fetchMock = jest.spyOn(window, 'fetch');
    warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    document.cookie = 'auth_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  afterEach(() => {
    fetchMock.mockRestore();
    warn.mockRestore();
  });

  it('opens the socket on the page’s own host and port when the config leaves them empty', async () => {
    const { pusher } = await connected();
    expect(pusher.key).toBe('test');
    expect(pusher.options).toMatchObject({
      wsHost: 'localhost',
      wsPort: 80,
      forceTLS: false,
      enabledTransports: ['ws', 'wss'],
      disableStats: true,
    });
  });

  it('subscribes to private-user-<id> only', async () => {
    const { pusher } = await connected();
    expect(pusher.channels.map((channel) => channel.name)).toEqual(['private-user-42']);
  });

  it('reports every (re)joining of the channel', async () => {
    const { pusher, onSubscribed } = await connected();
    pusher.channels[0]!.emit('pusher:subscription_succeeded');
    pusher.channels[0]!.emit('pusher:subscription_succeeded');
    expect(onSubscribed).toHaveBeenCalledTimes(2);
  });

  it('authorises with a JSON POST to {apiBase}/realtime/auth, with credentials, and passes the auth on', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ auth: 'test:signature' }));
    const { pusher } = await connected();
    const [error, data] = await pusher.authorize('private-user-42', '1234.5678');
    expect(error).toBeNull();
    expect(data).toEqual({ auth: 'test:signature' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/realtime/auth');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(JSON.parse(init.body as string)).toEqual({ socket_id: '1234.5678', channel_name: 'private-user-42' });
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(new Headers(init.headers).get('Authorization')).toBeNull();
  });

  it('adds the bearer token when the auth_token cookie is readable', async () => {
    document.cookie = 'auth_token=secret-token';
    fetchMock.mockResolvedValue(jsonResponse({ auth: 'test:signature' }));
    const { pusher } = await connected();
    await pusher.authorize('private-user-42');
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer secret-token');
  });

  it('hands a refused authorisation to pusher-js as an error and warns once, without throwing', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: 'error', message: 'Forbidden' }, 403));
    const { pusher } = await connected();
    const [error, data] = await pusher.authorize('private-user-42');
    expect(error).toBeInstanceOf(Error);
    expect(data).toBeNull();
    pusher.channels[0]!.emit('pusher:subscription_error', { status: 403 });
    pusher.connection.emit('state_change', { previous: 'connecting', current: 'unavailable' });
    pusher.connection.emit('error', { type: 'WebSocketError' });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('hands an unreachable API to pusher-js as an error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { pusher } = await connected();
    const [error] = await pusher.authorize('private-user-42');
    expect(error).toEqual(new TypeError('Failed to fetch'));
  });

  it('reports each well-formed wallet.updated and skips malformed ones', async () => {
    const { pusher, onWalletUpdated } = await connected();
    const channel = pusher.channels[0]!;
    channel.emit('wallet.updated', { wallet: '12.34', version: 57 });
    channel.emit('wallet.updated', { wallet: 12.34, version: 58 });
    channel.emit('wallet.updated', null);
    channel.emit('lead.created', { wallet: '1.00', version: 59 });
    expect(onWalletUpdated).toHaveBeenCalledTimes(1);
    expect(onWalletUpdated).toHaveBeenCalledWith({ wallet: '12.34', version: 57 });
  });

  it('reports each notification.created to onNotification, and nothing else to it', async () => {
    const onNotification = jest.fn();
    connect({ onNotification });
    await waitFor(() => expect(FakePusher.instances).toHaveLength(1));
    const channel = onlyPusher().channels[0]!;
    channel.emit('notification.created', { id: 1, kind: 'credit' });
    channel.emit('wallet.updated', { wallet: '1.00', version: 2 });
    channel.emit('lead.created', { name: 'Ada L.' });
    expect(onNotification).toHaveBeenCalledTimes(1);
  });

  it('leaves the channel and closes the socket nobody else uses', async () => {
    const { pusher, disconnect } = await connected();
    disconnect();
    expect(pusher.unsubscribed).toEqual(['private-user-42']);
    expect(pusher.disconnect).toHaveBeenCalledTimes(1);
  });

  it('shares the page’s socket with other listeners, and keeps it open for them when leaving', async () => {
    const connection = createRealtimeConnection(realtime, '/api');
    const onLeads = jest.fn();
    const giveBackLeads = connection.borrow(onLeads);
    const disconnect = connectUserChannel({ connection, userId: 42, onWalletUpdated: jest.fn(), onSubscribed: jest.fn() });
    await waitFor(() => expect(onLeads).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(onlyPusher().channels).toHaveLength(1));
    disconnect();
    expect(onlyPusher().unsubscribed).toEqual(['private-user-42']);
    expect(onlyPusher().disconnect).not.toHaveBeenCalled();
    giveBackLeads();
    expect(onlyPusher().disconnect).toHaveBeenCalledTimes(1);
  });

  it('opens nothing when disconnected before the client has loaded', async () => {
    const { disconnect } = connect();
    disconnect();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(FakePusher.instances).toHaveLength(0);
  });

  it('warns instead of throwing when the client cannot start', async () => {
    connect({ connection: createRealtimeConnection({ ...realtime, key: '' }, '/api') });
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(FakePusher.instances).toHaveLength(0);
  });
});
