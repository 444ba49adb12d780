import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import PusherClient from 'pusher-js';
import type { LiveLead } from '@rewards/shared/contracts/api-types';
import { LEAD_CREATED_EVENT, LEADS_CHANNEL } from '@rewards/shared/contracts/realtime';
import { buildTestApp } from '../../test/build-test-app';
import { useTestDatabase } from '../../test/test-database';

const redisUrl = process.env.TEST_REDIS_URL;
const describeWithRedis = redisUrl ? describe : describe.skip;

function feedListener(app: FastifyInstance) {
  const port = (app.server.address() as AddressInfo).port;
  const client = new PusherClient('redis-key', { cluster: 'eu', wsHost: '127.0.0.1', wsPort: port, forceTLS: false, enabledTransports: ['ws'] });
  const leads: LiveLead[] = [];
  const channel = client.subscribe(LEADS_CHANNEL);
  channel.bind(LEAD_CREATED_EVENT, (lead: LiveLead) => leads.push(lead));
  const subscribed = new Promise((resolve) => channel.bind('pusher:subscription_succeeded', resolve));
  return { client, leads, subscribed, next: () => new Promise<LiveLead>((resolve) => channel.bind(LEAD_CREATED_EVENT, resolve)) };
}

// Runs when TEST_REDIS_URL is set (e.g. redis://127.0.0.1:6379): API instances behind one Redis. Redis is
// shared with whatever else runs on this machine, so each site of this file gets a prefix of its own.
describeWithRedis('realtime fan-out across instances through Redis', () => {
  const database = useTestDatabase();
  const instances: FastifyInstance[] = [];
  const start = async (redisPrefix: string) => {
    const app = await buildTestApp({ database: database(), env: { REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix, PUSHER_KEY: 'redis-key' } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    instances.push(app);
    return app;
  };
  afterAll(() => Promise.all(instances.map((app) => app.close())));

  it('delivers a lead published on one instance to subscribers of both, and not to another site on the same Redis', async () => {
    const sitePrefix = `test-${randomUUID()}:`;
    const subscriberSide = await start(sitePrefix);
    const publisherSide = await start(sitePrefix);
    const otherSite = await start(`test-${randomUUID()}:`);
    const listeners = [feedListener(subscriberSide), feedListener(publisherSide), feedListener(otherSite)];
    try {
      await Promise.all(listeners.map((listener) => listener.subscribed));
      const [remote, local] = listeners.map((listener) => listener.next());
      const lead: LiveLead = { name: 'Al B.', amount: '$0.50', wall: 'Notik', offer: 'Survey' };
      await publisherSide.realtime.publishLead(lead);
      await expect(remote).resolves.toEqual(lead);
      await expect(local).resolves.toEqual(lead);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(listeners[2]!.leads).toEqual([]);
    } finally {
      for (const listener of listeners) listener.client.disconnect();
    }
  });
});
