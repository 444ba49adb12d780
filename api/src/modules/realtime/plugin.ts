import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import { LEADS_CHANNEL } from '@rewards/shared/contracts/realtime';
import type { Config, GatewayLimits, PusherConfig } from '../../config';
import { createLocalBroker, createRedisBroker } from './broker';
import { ChannelRegistry } from './channel-registry';
import { FrameFanOut } from './fan-out';
import { clientAddressResolver } from './client-address';
import { eventsApiRoutes } from './events-api';
import { attachGateway } from './gateway';
import { createRealtimePublisher, type RealtimePublisher, reachableAddress } from './publisher';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimePublisher;
  }
}

export type RealtimeOptions = {
  pusher: PusherConfig;
  redisUrl: string | undefined;
  /** Where this server listens, used until it knows its real address. */
  host: string;
  port: number;
  gateway: GatewayLimits;
  /** Prefix of the Redis pub/sub channel (REDIS_PREFIX). */
  redisPrefix: string;
  trustProxy: Config['trustProxy'];
};

/** The realtime plugin's options as the server's configuration sets them. */
export function realtimeOptionsOf(config: Config): RealtimeOptions {
  const { pusher, redisUrl, host, port, gateway, redisPrefix, trustProxy } = config;
  return { pusher, redisUrl, host, port, gateway, redisPrefix, trustProxy };
}

/** The only public channel: the live feed. Every other channel needs the API's signature. */
const PUBLIC_CHANNELS: ReadonlySet<string> = new Set([LEADS_CHANNEL]);

/** The realtime gateway (WebSocket `/app/:key`), its HTTP events API, and `app.realtime` to publish with. */
export const realtimePlugin = fp<RealtimeOptions>(
  async (app, options) => {
    const fanOut = new FrameFanOut({ threads: options.gateway.fanOutThreads, capacity: options.gateway.maxConnections, log: app.log });
    app.addHook('onClose', async () => fanOut.close());
    const registry = new ChannelRegistry(fanOut);
    const broker = options.redisUrl
      ? await createRedisBroker(options.redisUrl, options.redisPrefix, registry, app.log)
      : createLocalBroker(registry);
    app.addHook('onClose', () => broker.close());

    const gateway = attachGateway(app.server, {
      credentials: options.pusher,
      registry,
      log: app.log,
      limits: options.gateway,
      publicChannels: PUBLIC_CHANNELS,
      clientAddress: clientAddressResolver(options.trustProxy),
    });
    // Open sockets would keep server.close() waiting forever.
    app.addHook('preClose', async () => gateway.close());

    await app.register(eventsApiRoutes, { pusher: options.pusher, broker });

    const ownAddress = () => {
      const address = app.server.address();
      const port = address !== null && typeof address === 'object' ? (address satisfies AddressInfo).port : options.port;
      return reachableAddress(options.host, port);
    };
    app.decorate('realtime', createRealtimePublisher(options.pusher, ownAddress, broker));
  },
  { name: 'realtime' },
);
