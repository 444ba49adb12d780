import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import PusherClient from 'pusher-js';
import PusherServer from 'pusher';
import WebSocket from 'ws';
import type { LiveLead } from '@rewards/shared/contracts/api-types';
import { LEAD_CREATED_EVENT, LEADS_CHANNEL } from '@rewards/shared/contracts/realtime';
import { buildTestApp } from '../../test/build-test-app';
import { openFrameSocket } from '../../test/frame-socket';
import { useTestDatabase } from '../../test/test-database';

const KEY = 'test-key';
const env = { PUSHER_APP_ID: 'test-app', PUSHER_KEY: KEY, PUSHER_SECRET: 'test-secret' };
const lead: LiveLead = { name: 'Jo***', amount: '1.25', wall: 'Offery', offer: 'Coin Master' };

describe('realtime gateway', () => {
  const database = useTestDatabase();
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    app = await buildTestApp({ database: database(), env });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  it('delivers a lead published with publishLead to a pusher-js subscriber', async () => {
    const client = new PusherClient(KEY, { cluster: 'eu', wsHost: '127.0.0.1', wsPort: port, forceTLS: false, enabledTransports: ['ws'] });
    try {
      const channel = client.subscribe(LEADS_CHANNEL);
      await new Promise((resolve) => channel.bind('pusher:subscription_succeeded', resolve));
      const received = new Promise((resolve) => channel.bind(LEAD_CREATED_EVENT, resolve));
      await app.realtime.publishLead(lead);
      await expect(received).resolves.toEqual(lead);
    } finally {
      client.disconnect();
    }
  });

  it('greets with connection_established whose data is a JSON string, and answers pings', async () => {
    const socket = await openSocket(`/app/${KEY}?protocol=7&client=js&version=8.6.0`);
    const greeting = await socket.next();
    expect(greeting.event).toBe('pusher:connection_established');
    expect(typeof greeting.data).toBe('string');
    const { socket_id: socketId, activity_timeout: activityTimeout } = JSON.parse(String(greeting.data));
    expect(socketId).toMatch(/^\d+\.\d+$/);
    expect(activityTimeout).toBeGreaterThan(0);

    socket.send({ event: 'pusher:ping', data: {} });
    expect((await socket.next()).event).toBe('pusher:pong');

    socket.send({ event: 'pusher:subscribe', data: { channel: 'private-user-1' } });
    expect(await socket.next()).toMatchObject({ event: 'pusher:subscription_error', channel: 'private-user-1' });
    socket.close();
  });

  it('stops delivering after unsubscribe', async () => {
    const socket = await openSocket(`/app/${KEY}?protocol=7`);
    await socket.next();
    socket.send({ event: 'pusher:subscribe', data: { channel: LEADS_CHANNEL } });
    expect(await socket.next()).toEqual({ event: 'pusher_internal:subscription_succeeded', channel: LEADS_CHANNEL, data: '{}' });
    await app.realtime.publishLead(lead);
    expect(await socket.next()).toEqual({ event: LEAD_CREATED_EVENT, channel: LEADS_CHANNEL, data: JSON.stringify(lead) });

    socket.send({ event: 'pusher:unsubscribe', data: { channel: LEADS_CHANNEL } });
    socket.send({ event: 'pusher:ping', data: {} });
    expect((await socket.next()).event).toBe('pusher:pong'); // the unsubscribe was handled before this
    await app.realtime.publishLead(lead);
    socket.send({ event: 'pusher:ping', data: {} });
    expect((await socket.next()).event).toBe('pusher:pong'); // and no lead came in between
    socket.close();
  });

  it('closes a connection with an unknown key with code 4001', async () => {
    const socket = await openSocket('/app/wrong-key?protocol=7');
    expect(await socket.next()).toMatchObject({ event: 'pusher:error' });
    await expect(socket.closed).resolves.toBe(4001);
  });

  it('refuses a WebSocket upgrade anywhere but /app/:key', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/somewhere`);
    await expect(new Promise((_resolve, reject) => ws.once('error', reject))).rejects.toThrow('404');
  });

  describe('HTTP events API', () => {
    const trigger = (query: string, body: string) =>
      app.inject({ method: 'POST', url: `/apps/test-app/events?${query}`, headers: { 'content-type': 'application/json' }, payload: body });

    function signedQuery(body: string, secret = 'test-secret', appId = 'test-app') {
      const signer = new PusherServer({ appId, key: KEY, secret, host: '127.0.0.1' });
      return signer.createSignedQueryString({ method: 'POST', path: `/apps/${appId}/events`, body });
    }

    const body = JSON.stringify({ name: 'lead.created', channels: [LEADS_CHANNEL], data: JSON.stringify(lead) });

    it('accepts a request signed by the official SDK', async () => {
      const response = await trigger(signedQuery(body), body);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({});
    });

    it('rejects a wrong secret, a changed body and a missing signature with 401', async () => {
      expect((await trigger(signedQuery(body, 'not-the-secret'), body)).statusCode).toBe(401);
      expect((await trigger(signedQuery(body), body.replace('Coin', 'Gold'))).statusCode).toBe(401);
      expect((await trigger('auth_key=test-key', body)).statusCode).toBe(401);
    });

    it('rejects an unknown app with 404 and a malformed event with 400', async () => {
      const other = await app.inject({
        method: 'POST',
        url: `/apps/other/events?${signedQuery(body, 'test-secret', 'other')}`,
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect(other.statusCode).toBe(404);
      const noChannel = JSON.stringify({ name: 'lead.created', data: '{}' });
      expect((await trigger(signedQuery(noChannel), noChannel)).statusCode).toBe(400);
    });
  });

  type Frame = { event: string; channel?: string; data?: unknown };

  async function openSocket(path: string) {
    const socket = await openFrameSocket<Frame>(`ws://127.0.0.1:${port}${path}`);
    return { ...socket, close: () => socket.ws.close() };
  }
});
