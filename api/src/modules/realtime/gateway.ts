import { randomInt } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import type { ChannelRegistry, RealtimeClient } from './channel-registry';
import {
  ACTIVITY_TIMEOUT_SECONDS,
  authOf,
  CLOSE_UNKNOWN_APP,
  channelKind,
  channelOf,
  isValidChannelName,
  messages,
  parseClientMessage,
} from './protocol';
import { type Credentials, isValidChannelAuth } from './signature';

const APP_PATH = /^\/app\/([^/]+)$/;
const MAX_CHANNELS_PER_CONNECTION = 100;
// pusher-js pings after ACTIVITY_TIMEOUT of silence and waits 30 s for the pong; past that it is gone.
const DEAD_AFTER_MS = (ACTIVITY_TIMEOUT_SECONDS + 60) * 1000;
const SWEEP_EVERY_MS = 30_000;

export type GatewayOptions = { credentials: Credentials; registry: ChannelRegistry; log: FastifyBaseLogger };
export type Gateway = { close(): void };

type Connection = RealtimeClient & { ws: WebSocket; lastSeen: number };

/** The app key of a `/app/:key` request target; undefined for anything else (including bad encodings). */
export function appKeyOf(target: string | undefined): string | undefined {
  if (target === undefined || !target.startsWith('/')) return undefined;
  const path = target.split('?', 1)[0] ?? '';
  const encodedKey = APP_PATH.exec(path)?.[1];
  if (encodedKey === undefined) return undefined;
  try {
    return decodeURIComponent(encodedKey);
  } catch {
    return undefined;
  }
}

function refuse(socket: Duplex, status: string) {
  if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  else socket.destroy();
}

/** WebSocket endpoint `/app/:key` speaking the Pusher protocol, on the HTTP server it is given. */
export function attachGateway(server: Server, { credentials, registry, log }: GatewayOptions): Gateway {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 10_000 });
  const connections = new Set<Connection>();

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Whatever a client sends, a failure here must close that socket only: a throw out of Node's
    // 'upgrade' event would end the whole process (site, API and gateway).
    socket.on('error', (error) => log.debug({ err: error }, 'realtime handshake socket error'));
    try {
      const key = appKeyOf(request.url);
      if (key === undefined) {
        refuse(socket, '404 Not Found');
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) => {
        try {
          accept(ws, key);
        } catch (error) {
          log.warn({ err: error }, 'realtime: could not accept a socket');
          ws.terminate();
        }
      });
    } catch (error) {
      log.warn({ err: error }, 'realtime: refused a malformed handshake');
      refuse(socket, '400 Bad Request');
    }
  };
  server.on('upgrade', onUpgrade);

  function accept(ws: WebSocket, key: string) {
    if (key !== credentials.key) {
      ws.send(messages.error(`App key ${key} not in this cluster. Did you forget to specify the cluster?`, CLOSE_UNKNOWN_APP));
      ws.close(CLOSE_UNKNOWN_APP, 'Unknown app key');
      return;
    }
    const connection: Connection = {
      ws,
      socketId: `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`,
      channels: new Set(),
      lastSeen: Date.now(),
      send: (message) => {
        if (ws.readyState === ws.OPEN) ws.send(message);
      },
    };
    connections.add(connection);
    ws.on('message', (raw, isBinary) => {
      connection.lastSeen = Date.now();
      if (!isBinary) handle(connection, raw.toString());
    });
    ws.on('close', () => {
      connections.delete(connection);
      registry.remove(connection);
    });
    ws.on('error', (error) => log.debug({ err: error }, 'realtime socket error'));
    connection.send(messages.connectionEstablished(connection.socketId));
  }

  function handle(connection: Connection, raw: string) {
    const message = parseClientMessage(raw);
    if (!message) return connection.send(messages.error('Invalid message'));
    const channel = channelOf(message.data);
    switch (message.event) {
      case 'pusher:ping':
        return connection.send(messages.pong());
      case 'pusher:subscribe':
        if (channel === undefined || !isValidChannelName(channel)) return connection.send(messages.error('Invalid channel name'));
        if (!mayJoin(connection, channel, authOf(message.data))) return connection.send(messages.subscriptionError(channel, 'Not authorised for this channel'));
        if (connection.channels.size >= MAX_CHANNELS_PER_CONNECTION) return connection.send(messages.error('Too many channels'));
        registry.subscribe(connection, channel);
        return connection.send(messages.subscriptionSucceeded(channel));
      case 'pusher:unsubscribe':
        if (channel !== undefined) registry.unsubscribe(connection, channel);
        return;
      default:
        if (message.event.startsWith('client-')) connection.send(messages.error('Client events are not supported'));
    }
  }

  function mayJoin(connection: Connection, channel: string, auth: unknown): boolean {
    const kind = channelKind(channel);
    if (kind === 'public') return true;
    // The API signs `socket_id:channel` only for a signed-in user's own channel (POST /api/realtime/auth).
    return kind === 'private' && isValidChannelAuth(auth, connection.socketId, channel, credentials);
  }

  const sweep = setInterval(() => {
    const deadline = Date.now() - DEAD_AFTER_MS;
    for (const connection of connections) if (connection.lastSeen < deadline) connection.ws.terminate();
  }, SWEEP_EVERY_MS);
  sweep.unref();

  return {
    close() {
      clearInterval(sweep);
      server.off('upgrade', onUpgrade);
      for (const connection of connections) connection.ws.terminate();
      wss.close();
    },
  };
}
