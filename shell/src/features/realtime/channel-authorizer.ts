import type { ChannelAuthorizationHandler } from 'pusher-js';
import type { ChannelAuthRequest } from '@rewards/shared/contracts/realtime';
import { bearerFromPageCookie } from '@rewards/shared/rules/auth-cookie';

function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const authorization = bearerFromPageCookie();
  if (authorization) headers.Authorization = authorization;
  return headers;
}

async function requestAuth(authUrl: string, request: ChannelAuthRequest): Promise<string> {
  const response = await fetch(authUrl, {
    method: 'POST',
    credentials: 'include',
    headers: authHeaders(),
    body: JSON.stringify(request),
  });
  if (!response.ok) throw new Error(`Channel authorisation answered ${response.status}`);
  const body = (await response.json()) as { auth?: unknown };
  if (typeof body.auth !== 'string') throw new Error('Channel authorisation answered without auth');
  return body.auth;
}

/** pusher-js asks this to sign a private channel: the API does, with the session's cookie or bearer token. */
export function channelAuthorizer(authUrl: string): ChannelAuthorizationHandler {
  return ({ socketId, channelName }, callback) => {
    requestAuth(authUrl, { socket_id: socketId, channel_name: channelName }).then(
      (auth) => callback(null, { auth }),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  };
}
