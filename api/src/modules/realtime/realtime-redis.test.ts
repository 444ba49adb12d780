import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import PusherClient from 'pusher-js';
import type { LiveLead } from '@rewards/shared/contracts/api-types';
import { LEAD_CREATED_EVENT, LEADS_CHANNEL } from '@rewards/shared/contracts/realtime';
import { buildTestApp } from '../../test/build-test-app';
import { useTestDatabase } from '../../test/test-database';

const redisUrl = process.env.TEST_REDIS_URL;
const describeWithRedis = redisUrl ? describe : describe.skip;

// Runs when TEST_REDIS_URL is set (e.g. redis://127.0.0.1:6379): two API instances behind one Redis.
describeWithRedis('realtime fan-out across instances through Redis', () => {
  const database = useTestDatabase();
  const instances: FastifyInstance[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const app = await buildTestApp({ database: database(), env: { REDIS_URL: redisUrl, PUSHER_KEY: 'redis-key' } });
      await app.listen({ host: '127.0.0.1', port: 0 });
      instances.push(app);
    }
  });
  afterAll(() => Promise.all(instances.map((app) => app.close())));

  it('delivers a lead published on one instance to a subscriber of the other', async () => {
    const [subscriberSide, publisherSide] = instances;
    if (!subscriberSide || !publisherSide) throw new Error('two instances expected');
    const port = (subscriberSide.server.address() as AddressInfo).port;
    const client = new PusherClient('redis-key', { cluster: 'eu', wsHost: '127.0.0.1', wsPort: port, forceTLS: false, enabledTransports: ['ws'] });
    try {
      const channel = client.subscribe(LEADS_CHANNEL);
      await new Promise((resolve) => channel.bind('pusher:subscription_succeeded', resolve));
      const received = new Promise((resolve) => channel.bind(LEAD_CREATED_EVENT, resolve));
      const lead: LiveLead = { name: 'Al***', amount: '0.50', wall: 'Notik', offer: 'Survey' };
      await publisherSide.realtime.publishLead(lead);
      await expect(received).resolves.toEqual(lead);
    } finally {
      client.disconnect();
    }
  });
});
