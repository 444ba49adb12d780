import { randomInt } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { GatewayLimits } from '../../config';
import { rateLimitAddress } from '../../plugins/rate-limit';
import type { ChannelRegistry, RealtimeClient } from './channel-registry';
import {
  authOf,
  CLOSE_BAD_REQUEST,
  CLOSE_RATE_LIMITED,
  CLOSE_UNKNOWN_APP,
  channelKind,
  channelOf,
  isValidChannelName,
  messages,
  parseClientMessage,
} from './protocol';
import { type Credentials, isValidChannelAuth } from './signature';

const APP_PATH = /^\/app\/([^/]+)$/;

export type GatewayOptions = {
  credentials: Credentials;
  registry: ChannelRegistry;
  log: FastifyBaseLogger;
  limits: GatewayLimits;
  /** Public channels a socket may join without an authorisation; any other public name is refused. */
  publicChannels: ReadonlySet<string>;
  /** The client's address as this server trusts it (TRUST_PROXY), for the per-address limit. */
  clientAddress: (request: IncomingMessage) => string;
};

export type Gateway = {
  /** Sockets held now, handshakes under way included. */
  connectionCount(): number;
  close(): void;
};

type Connection = RealtimeClient & {
  ws: WebSocket;
  /** When the client last sent anything. */
  lastHeardAt: number;
  /** When the gateway pinged a silent client that has not answered yet; null when none is waiting. */
  pingSentAt: number | null;
  rateWindowStartedAt: number;
  messagesInWindow: number;
};

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

/**
 * WebSocket endpoint `/app/:key` speaking the Pusher protocol, on the HTTP server it is given. Whatever one
 * client does (a bad handshake, a bad frame, a flood, not reading, vanishing) costs that client its socket,
 * never the process or the other sockets; every limit is in `limits`.
 */
export function attachGateway(server: Server, options: GatewayOptions): Gateway {
  const { credentials, registry, log, limits, publicChannels, clientAddress } = options;
  // Frames over the limit are refused by ws itself: it closes the socket with 1009 (message too big).
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes, perMessageDeflate: false });
  const connections = new Set<Connection>();
  const heldByAddress = new Map<string, number>();
  let held = 0;

  // Counted from the handshake on and released when the raw socket closes, whichever way it ends.
  function hold(address: string, socket: Duplex) {
    held += 1;
    heldByAddress.set(address, (heldByAddress.get(address) ?? 0) + 1);
    socket.once('close', () => {
      held -= 1;
      const remaining = (heldByAddress.get(address) ?? 1) - 1;
      if (remaining > 0) heldByAddress.set(address, remaining);
      else heldByAddress.delete(address);
    });
  }

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Whatever a client sends, a failure here must close that socket only: a throw out of Node's
    // 'upgrade' event would end the whole process (site, API and gateway).
    socket.on('error', (error) => log.debug({ err: error }, 'realtime handshake socket error'));
    try {
      const key = appKeyOf(request.url);
      if (key === undefined) return refuse(socket, '404 Not Found');
      if (held >= limits.maxConnections) {
        log.warn(`realtime: refused a socket, ${held} held (REALTIME_MAX_CONNECTIONS)`);
        return refuse(socket, '503 Service Unavailable');
      }
      // IPv6 counted by its /64, as the HTTP rate limits do: one subscriber holds a whole /64.
      const address = rateLimitAddress({ ip: clientAddress(request) });
      if ((heldByAddress.get(address) ?? 0) >= limits.maxConnectionsPerIp) return refuse(socket, '429 Too Many Requests');
      hold(address, socket);
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
    ws.on('error', (error) => log.debug({ err: error }, 'realtime socket error'));
    if (key !== credentials.key) {
      ws.send(messages.error(`App key ${key} not in this cluster. Did you forget to specify the cluster?`, CLOSE_UNKNOWN_APP));
      ws.close(CLOSE_UNKNOWN_APP, 'Unknown app key');
      return;
    }
    const now = Date.now();
    const connection: Connection = {
      ws,
      socketId: `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`,
      channels: new Set(),
      lastHeardAt: now,
      pingSentAt: null,
      rateWindowStartedAt: now,
      messagesInWindow: 0,
      send: (message) => send(connection, message),
    };
    connections.add(connection);
    ws.on('message', (raw, isBinary) => receive(connection, raw, isBinary));
    ws.on('close', () => {
      connections.delete(connection);
      registry.remove(connection);
    });
    connection.send(messages.connectionEstablished(connection.socketId, Math.round(limits.activityTimeoutMs / 1000)));
  }

  function send(connection: Connection, message: string | Buffer) {
    const { ws } = connection;
    if (ws.readyState !== ws.OPEN) return;
    // A client that does not read (or reads too slowly) would make this process hold its backlog for ever.
    if (ws.bufferedAmount + message.length > limits.maxBufferedBytes) {
      log.info(`realtime: closed socket ${connection.socketId}, ${ws.bufferedAmount} bytes unsent (REALTIME_MAX_BUFFERED_BYTES)`);
      ws.terminate();
      return;
    }
    ws.send(message, { binary: false });
  }

  function closeWith(connection: Connection, code: number, reason: string) {
    connection.send(messages.error(reason, code));
    connection.ws.close(code, reason);
  }

  function receive(connection: Connection, raw: RawData, isBinary: boolean) {
    if (connection.ws.readyState !== connection.ws.OPEN) return;
    const now = Date.now();
    connection.lastHeardAt = now;
    connection.pingSentAt = null;
    if (now - connection.rateWindowStartedAt >= limits.messageRate.windowMs) {
      connection.rateWindowStartedAt = now;
      connection.messagesInWindow = 0;
    }
    connection.messagesInWindow += 1;
    if (connection.messagesInWindow > limits.messageRate.max) return closeWith(connection, CLOSE_RATE_LIMITED, 'Too many messages');
    if (isBinary) return closeWith(connection, CLOSE_BAD_REQUEST, 'Binary frames are not supported');
    try {
      handle(connection, raw.toString());
    } catch (error) {
      log.warn({ err: error }, 'realtime: a client message failed');
      closeWith(connection, CLOSE_BAD_REQUEST, 'Bad request');
    }
  }

  function handle(connection: Connection, raw: string) {
    const message = parseClientMessage(raw);
    if (!message) return closeWith(connection, CLOSE_BAD_REQUEST, 'Invalid message');
    switch (message.event) {
      case 'pusher:ping':
        return connection.send(messages.pong());
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        return subscribe(connection, channelOf(message.data), authOf(message.data));
      case 'pusher:unsubscribe': {
        const channel = channelOf(message.data);
        if (channel !== undefined) registry.unsubscribe(connection, channel);
        return;
      }
      default:
        if (message.event.startsWith('client-')) connection.send(messages.error('Client events are not supported'));
    }
  }

  function subscribe(connection: Connection, channel: string | undefined, auth: unknown) {
    if (channel === undefined || !isValidChannelName(channel)) return closeWith(connection, CLOSE_BAD_REQUEST, 'Invalid channel name');
    if (connection.channels.has(channel)) return connection.send(messages.subscriptionSucceeded(channel));
    if (connection.channels.size >= limits.maxChannelsPerSocket) {
      return connection.send(messages.subscriptionError(channel, 'Too many channels on this connection', 429));
    }
    const refusal = refusalOf(connection, channel, auth);
    if (refusal) return connection.send(messages.subscriptionError(channel, refusal.error, refusal.status));
    registry.subscribe(connection, channel);
    connection.send(messages.subscriptionSucceeded(channel));
  }

  function refusalOf(connection: Connection, channel: string, auth: unknown): { error: string; status: number } | null {
    switch (channelKind(channel)) {
      case 'public':
        return publicChannels.has(channel) ? null : { error: 'No such channel', status: 404 };
      case 'private':
        // The API signs `socket_id:channel` only for a signed-in user's own channel (POST /api/realtime/auth).
        return isValidChannelAuth(auth, connection.socketId, channel, credentials) ? null : { error: 'Not authorised for this channel', status: 401 };
      default:
        return { error: 'Presence and encrypted channels are not supported', status: 400 };
    }
  }

  // Pusher's liveness check, from our side: a client silent for the activity timeout is pinged (pusher-js
  // answers pusher:pong), and one that has not answered within the pong timeout is gone.
  const sweepEveryMs = Math.min(15_000, Math.max(50, Math.min(limits.activityTimeoutMs, limits.pongTimeoutMs) / 4));
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const connection of connections) {
      if (connection.pingSentAt !== null) {
        if (now - connection.pingSentAt >= limits.pongTimeoutMs) connection.ws.terminate();
      } else if (now - connection.lastHeardAt >= limits.activityTimeoutMs) {
        connection.pingSentAt = now;
        connection.send(messages.ping());
      }
    }
  }, sweepEveryMs);
  sweep.unref();

  return {
    connectionCount: () => held,
    close() {
      clearInterval(sweep);
      server.off('upgrade', onUpgrade);
      for (const connection of connections) connection.ws.terminate();
      wss.close();
    },
  };
}
