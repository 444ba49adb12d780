// The bench's client socket: the least a Pusher-protocol client can be, so that 10,000 of them in one process
// cost the cores they share with the server as little as possible (ws's client spent ~7 µs of JavaScript per
// message, about what the server spends writing it). A plain TCP socket: the upgrade request written by hand,
// the answer and the frames read as bytes into one buffer shared by every socket (net's `onread`: no Buffer and
// no stream bookkeeping per read). `pause()` stops reading at the socket (libuv's readStop): what the server
// sends then waits in the kernel's receive buffer until `resume()`. The gateway's behaviour with real clients
// (pusher-js, ws) is what realtime.test.ts and gateway-*.test.ts check.
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

const OPCODE_TEXT = 0x1;
const OPCODE_CLOSE = 0x8;
const HEADERS_END = Buffer.from('\r\n\r\n');
const SWITCHING_PROTOCOLS = 'HTTP/1.1 101 ';

/** Every socket reads into this one buffer: reads run one at a time, and each is parsed before the next. */
const sharedReadBuffer = Buffer.allocUnsafe(256 * 1024);

export type FeedSocket = {
  /** Sends one text message (masked, as a client must). */
  send(text: string): void;
  /** Stops reading: frames stay queued in the kernel. */
  pause(): void;
  resume(): void;
  destroy(): void;
};

/**
 * Opens `ws://127.0.0.1:port{path}`; `onMessage` gets the payload of each text frame from the server, as a view
 * that is only valid during the call (it may point into the shared read buffer).
 */
export function openFeedSocket(port: number, path: string, onMessage: (payload: Buffer) => void): Promise<FeedSocket> {
  return new Promise((resolve, reject) => {
    /** Bytes of an unfinished answer or frame, kept from one read to the next (rare: frames are small). */
    let pending: Buffer | null = null;
    let upgraded = false;
    const socket: Socket = connect({
      host: '127.0.0.1',
      port,
      onread: {
        buffer: sharedReadBuffer,
        callback(bytesRead) {
          let chunk = sharedReadBuffer.subarray(0, bytesRead);
          if (pending) {
            chunk = Buffer.concat([pending, chunk]);
            pending = null;
          }
          let offset = 0;
          if (!upgraded) {
            const end = chunk.indexOf(HEADERS_END);
            if (end < 0) {
              pending = Buffer.from(chunk);
              return true;
            }
            const statusLine = chunk.toString('latin1', 0, chunk.indexOf('\r\n'));
            if (!statusLine.startsWith(SWITCHING_PROTOCOLS)) {
              socket.destroy();
              reject(new Error(`handshake refused: ${statusLine}`));
              return false;
            }
            upgraded = true;
            resolve(feedSocket);
            offset = end + HEADERS_END.length;
          }
          const consumed = readFrames(chunk, offset, onMessage, () => socket.end());
          if (consumed < chunk.length) pending = Buffer.from(chunk.subarray(consumed));
          return true;
        },
      },
    });
    const feedSocket: FeedSocket = {
      send: (text) => socket.write(maskedTextFrame(text)),
      pause: () => socket.pause(),
      resume: () => socket.resume(),
      destroy: () => socket.destroy(),
    };
    socket.on('error', (error) => {
      if (!upgraded) reject(error);
    });
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
        `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n\r\n`,
    );
  });
}

/** Server frames are never masked; a read may end inside a frame. Returns how far whole frames reach. */
function readFrames(bytes: Buffer, from: number, onMessage: (payload: Buffer) => void, onClose: () => void): number {
  let at = from;
  while (bytes.length - at >= 2) {
    const opcode = bytes[at]! & 0x0f;
    let length = bytes[at + 1]! & 0x7f;
    let header = 2;
    if (length === 126) {
      if (bytes.length - at < 4) break;
      length = bytes.readUInt16BE(at + 2);
      header = 4;
    } else if (length === 127) {
      if (bytes.length - at < 10) break;
      length = Number(bytes.readBigUInt64BE(at + 2));
      header = 10;
    }
    if (bytes.length - at < header + length) break;
    if (opcode === OPCODE_TEXT) onMessage(bytes.subarray(at + header, at + header + length));
    else if (opcode === OPCODE_CLOSE) onClose();
    at += header + length;
  }
  return at;
}

function maskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  if (payload.length > 125) throw new Error('the bench sends short messages only');
  const mask = randomBytes(4);
  const frame = Buffer.allocUnsafe(6 + payload.length);
  frame[0] = 0x80 | OPCODE_TEXT;
  frame[1] = 0x80 | payload.length;
  mask.copy(frame, 2);
  for (let i = 0; i < payload.length; i++) frame[6 + i] = payload[i]! ^ mask[i % 4]!;
  return frame;
}
