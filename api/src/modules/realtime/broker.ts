import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { BroadcastEvent, ChannelRegistry } from './channel-registry';

/** Carries published events to every API instance's connections. */
export type EventBroker = {
  publish(event: BroadcastEvent): Promise<void>;
  close(): Promise<void>;
};

/** The pub/sub channel of this site's events: REDIS_PREFIX keeps sites (and test runs) sharing a Redis apart. */
export function eventsChannelName(redisPrefix: string): string {
  return `${redisPrefix}realtime:events`;
}

const broadcastEventSchema = z.object({
  channels: z.array(z.string()),
  event: z.string(),
  data: z.string(),
  exceptSocketId: z.string().optional(),
});

/** One instance: events go straight to this process's connections. */
export function createLocalBroker(registry: ChannelRegistry): EventBroker {
  return {
    publish: async (event) => registry.deliver(event),
    close: async () => {},
  };
}

/** Several instances: every event goes through Redis pub/sub and each instance delivers it locally. */
export async function createRedisBroker(url: string, redisPrefix: string, registry: ChannelRegistry, log: FastifyBaseLogger): Promise<EventBroker> {
  const channel = eventsChannelName(redisPrefix);
  const publisher = new Redis(url, { lazyConnect: true });
  const subscriber = new Redis(url, { lazyConnect: true });
  for (const [role, client] of [['publisher', publisher], ['subscriber', subscriber]] as const) {
    client.on('error', (error) => log.warn({ err: error }, `realtime redis ${role}: ${error.message}`));
  }
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(channel);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw new Error(`REDIS_URL is set but Redis cannot be reached: ${String(error)}`, { cause: error });
  }
  subscriber.on('message', (_channel: string, message: string) => {
    const parsed = broadcastEventSchema.safeParse(safeJson(message));
    if (parsed.success) registry.deliver(parsed.data);
    else log.warn('realtime redis: ignored a malformed event');
  });
  return {
    publish: async (event) => {
      await publisher.publish(channel, JSON.stringify(event));
    },
    close: async () => {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
