import { randomInt } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { GatewayLimits } from '../../config';
import { rateLimitAddress } from '../../plugins/rate-limit';
import type { ChannelRegistry, RealtimeClient } from './channel-registry';
import { NOWHERE, THROUGH_STREAM } from './fan-out';
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

/** The sockets one client address holds; one record per address, shared by its sockets. */
type AddressHold = { readonly address: string; sockets: number };

/** The parts of a TCP socket's libuv handle a direct write needs (Node's TCPWrap, `socket._handle`). */
type SocketHandle = { fd?: number; writeQueueSize?: number };

/** What every socket of one gateway needs to know, kept once: each connection points at it. */
type Shared = { limits: GatewayLimits; log: FastifyBaseLogger };

/**
 * One client socket. A class, its behaviour on the prototype and its listeners shared by the gateway: at
 * 10,000 sockets every closure, bound listener or `once` wrapper per socket is memory (docs/performance.md).
 */
class Connection implements RealtimeClient {
  readonly channels = new Set<string>();
  /** When the client last sent anything. */
  lastHeardAt: number;
  /** When the gateway pinged a silent client that has not answered yet; null when none is waiting. */
  pingSentAt: number | null = null;
  rateWindowStartedAt: number;
  messagesInWindow = 0;

  constructor(
    readonly ws: WebSocket,
    /** The socket under `ws`, for frames built once for many sockets. */
    private readonly socket: Duplex,
    readonly socketId: string,
    private readonly shared: Shared,
  ) {
    this.lastHeardAt = Date.now();
    this.rateWindowStartedAt = this.lastHeardAt;
  }

  /** A message for this socket alone, framed by ws. */
  send(message: string): void {
    if (this.hasRoomFor(message.length)) this.ws.send(message);
  }

  /**
   * A frame built once for every member of a channel, written as is. ws writes each of its own frames whole and
   * at once (no compression, no Blobs here), so frames written beside it on the same socket stay whole and in order.
   */
  sendFrame(frame: Buffer): void {
    if (this.hasRoomFor(frame.length)) this.socket.write(frame);
  }

  /**
   * The file descriptor a shared frame may be written to straight away: a plain TCP socket (not TLS) with
   * nothing waiting before it, neither in ws nor in the stream nor in libuv's queue.
   */
  frameTarget(bytes: number): number {
    if (!this.hasRoomFor(bytes)) return NOWHERE;
    const socket = this.socket as Duplex & { _handle?: SocketHandle | null; encrypted?: boolean };
    const handle = socket._handle;
    if (this.ws.bufferedAmount > 0 || socket.encrypted || !handle || handle.writeQueueSize !== 0) return THROUGH_STREAM;
    const { fd } = handle;
    return typeof fd === 'number' && fd >= 0 ? fd : THROUGH_STREAM;
  }

  dropAfterWriteError(errno: number): void {
    this.shared.log.debug(`realtime: closed socket ${this.socketId}, a write failed (errno ${errno})`);
    this.ws.terminate();
  }

  private hasRoomFor(bytes: number): boolean {
    const { ws } = this;
    if (ws.readyState !== ws.OPEN) return false;
    // A client that does not read (or reads too slowly) would make this process hold its backlog for ever.
    if (ws.bufferedAmount + bytes > this.shared.limits.maxBufferedBytes) {
      this.shared.log.info(`realtime: closed socket ${this.socketId}, ${ws.bufferedAmount} bytes unsent (REALTIME_MAX_BUFFERED_BYTES)`);
      ws.terminate();
      return false;
    }
    return true;
  }
}

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
  const shared: Shared = { limits, log };
  // Frames over the limit are refused by ws itself: it closes the socket with 1009 (message too big). The
  // gateway tracks its own connections (clientTracking off: no second set, no second listener per socket).
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes, perMessageDeflate: false, clientTracking: false });
  const connections = new Map<WebSocket, Connection>();
  /** Every raw socket held, from its handshake until it closes, with the count of its client address. */
  const heldSockets = new Map<Duplex, AddressHold>();
  const holdsByAddress = new Map<string, AddressHold>();

  // The listeners below are one function each for all sockets (`this` is the socket), not closures per socket.
  function releaseHeldSocket(this: Duplex) {
    const hold = heldSockets.get(this);
    if (hold === undefined) return;
    heldSockets.delete(this);
    hold.sockets -= 1;
    if (hold.sockets === 0) holdsByAddress.delete(hold.address);
  }
  function onHandshakeSocketError(error: Error) {
    log.debug({ err: error }, 'realtime handshake socket error');
  }
  function onSocketError(error: Error) {
    log.debug({ err: error }, 'realtime socket error');
  }
  function onMessage(this: WebSocket, raw: RawData, isBinary: boolean) {
    const connection = connections.get(this);
    if (connection) receive(connection, raw, isBinary);
  }
  function onClose(this: WebSocket) {
    const connection = connections.get(this);
    if (!connection) return;
    connections.delete(this);
    registry.remove(connection);
  }

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Whatever a client sends, a failure here must close that socket only: a throw out of Node's
    // 'upgrade' event would end the whole process (site, API and gateway).
    socket.on('error', onHandshakeSocketError);
    try {
      const key = appKeyOf(request.url);
      if (key === undefined) return refuse(socket, '404 Not Found');
      if (heldSockets.size >= limits.maxConnections) {
        log.warn(`realtime: refused a socket, ${heldSockets.size} held (REALTIME_MAX_CONNECTIONS)`);
        return refuse(socket, '503 Service Unavailable');
      }
      // IPv6 counted by its /64, as the HTTP rate limits do: one subscriber holds a whole /64.
      const address = rateLimitAddress({ ip: clientAddress(request) });
      const hold = holdsByAddress.get(address) ?? { address, sockets: 0 };
      if (hold.sockets >= limits.maxConnectionsPerIp) return refuse(socket, '429 Too Many Requests');
      // Counted from the handshake on and released when the raw socket closes, whichever way it ends.
      hold.sockets += 1;
      holdsByAddress.set(address, hold);
      heldSockets.set(socket, hold);
      socket.on('close', releaseHeldSocket);
      wss.handleUpgrade(request, socket, head, (ws) => {
        // ws has its own listener on the socket from here on.
        socket.off('error', onHandshakeSocketError);
        try {
          accept(ws, socket, key);
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

  function accept(ws: WebSocket, socket: Duplex, key: string) {
    ws.on('error', onSocketError);
    if (key !== credentials.key) {
      ws.send(messages.error(`App key ${key} not in this cluster. Did you forget to specify the cluster?`, CLOSE_UNKNOWN_APP));
      ws.close(CLOSE_UNKNOWN_APP, 'Unknown app key');
      return;
    }
    const connection = new Connection(ws, socket, `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`, shared);
    connections.set(ws, connection);
    ws.on('message', onMessage);
    ws.on('close', onClose);
    connection.send(messages.connectionEstablished(connection.socketId, Math.round(limits.activityTimeoutMs / 1000)));
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
    for (const connection of connections.values()) {
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
    connectionCount: () => heldSockets.size,
    close() {
      clearInterval(sweep);
      server.off('upgrade', onUpgrade);
      for (const ws of connections.keys()) ws.terminate();
      wss.close();
    },
  };
}
