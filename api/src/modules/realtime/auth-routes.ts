import { z } from 'zod';
import { CHANNEL_AUTH_PATH, type ChannelAuthResponse, userIdOfChannel } from '@rewards/shared/contracts/realtime';
import type { PusherConfig } from '../../config';
import { authOf } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { acceptFormBodies } from '../../plugins/form-body';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import { signChannelAuth } from './signature';

export type ChannelAuthOptions = { pusher: PusherConfig };

export const NOT_YOUR_CHANNEL = 'You can only listen to your own channel.';
const MAX_FORM_BYTES = 1024;

const channelAuthBody = z.object({
  socket_id: z.string().regex(/^\d{1,20}\.\d{1,20}$/, 'socket_id is not a socket id'),
  channel_name: z.string().min(1).max(164),
});

/**
 * Pusher channel authorisation: signs `socket_id:channel_name` for the signed-in user's own private channel,
 * which the gateway (or hosted Pusher, with the same secret) then lets the socket join.
 */
export const channelAuthRoutes: ZodPlugin<ChannelAuthOptions> = async (app, { pusher }) => {
  // pusher-js's default transport posts a form; our shell posts JSON.
  acceptFormBodies(app, MAX_FORM_BYTES);

  app.post(CHANNEL_AUTH_PATH, { onRequest: app.requireUser, schema: { body: channelAuthBody } }, async (request): Promise<ChannelAuthResponse> => {
    const { socket_id: socketId, channel_name: channel } = request.body;
    if (userIdOfChannel(channel) !== authOf(request).user.id) throw new HttpError(403, NOT_YOUR_CHANNEL, { code: 'not_your_channel' });
    return { auth: signChannelAuth(socketId, channel, pusher) };
  });
};
