import { z } from 'zod';
import type { PusherConfig } from '../../config';
import { HttpError } from '../../plugins/errors';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import type { EventBroker } from './broker';
import { isValidChannelName } from './protocol';
import { verifyPusherRequest } from './signature';

export type EventsApiOptions = { pusher: PusherConfig; broker: EventBroker };

const MAX_DATA_BYTES = 10_240;

const channelName = z.string().refine(isValidChannelName, { message: 'Invalid channel name' });
const triggerSchema = z
  .object({
    name: z.string().min(1).max(200),
    data: z.string().refine((data) => Buffer.byteLength(data) <= MAX_DATA_BYTES, { message: 'data is larger than 10 KB' }),
    channel: channelName.optional(),
    channels: z.array(channelName).min(1).max(100).optional(),
    socket_id: z.string().optional(),
  })
  .refine((body) => body.channel !== undefined || body.channels !== undefined, { message: 'channel or channels is required' });

/** Pusher HTTP API `POST /apps/:appId/events`, so the official server SDK can publish to our gateway. */
export const eventsApiRoutes: ZodPlugin<EventsApiOptions> = async (app, { pusher, broker }) => {
  // The signature covers the raw body (`body_md5`), so this scope keeps JSON bodies as text.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));

  app.post(
    '/apps/:appId/events',
    { schema: { params: z.object({ appId: z.string() }), querystring: z.record(z.string(), z.unknown()), body: z.string() } },
    async (request) => {
      if (request.params.appId !== pusher.appId) throw new HttpError(404, 'Unknown app');
      const verdict = verifyPusherRequest(
        { method: request.method, path: request.url.split('?')[0] ?? '', query: request.query, rawBody: request.body },
        pusher,
      );
      if (!verdict.ok) throw new HttpError(401, verdict.reason, { code: 'invalid_signature' });

      const parsed = triggerSchema.safeParse(parseJson(request.body));
      if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid event');
      const { name, data, channel, channels, socket_id: exceptSocketId } = parsed.data;
      await broker.publish({ channels: channels ?? (channel ? [channel] : []), event: name, data, exceptSocketId });
      return {};
    },
  );
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
