// The bench's client socket: the least a Pusher-protocol client can be, so that 10,000 of them in one process
// cost the cores they share with the server as little as possible (ws's client spent ~7 µs of JavaScript per
// message, about what the server spends writing it). Handshake with node:http, frames read as bytes. The
// gateway's behaviour with real clients (pusher-js, ws) is what realtime.test.ts and gateway-*.test.ts check.
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { Duplex } from 'node:stream';

const OPCODE_TEXT = 0x1;
const OPCODE_CLOSE = 0x8;

export type FeedSocket = {
  /** Sends one text message (masked, as a client must). */
  send(text: string): void;
  destroy(): void;
};

/** Opens `ws://host:port{path}`; `onMessage` gets the payload of each text frame from the server. */
export function openFeedSocket(port: number, path: string, onMessage: (payload: Buffer) => void): Promise<FeedSocket> {
  return new Promise((resolve, reject) => {
    const handshake = request({
      host: '127.0.0.1',
      port,
      path,
      agent: false,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
      },
    });
    handshake.on('upgrade', (_response, socket: Duplex, head: Buffer) => {
      socket.on('error', () => {});
      readFrames(socket, head, onMessage);
      resolve({ send: (text) => socket.write(maskedTextFrame(text)), destroy: () => socket.destroy() });
    });
    handshake.on('response', (response) => reject(new Error(`handshake refused: HTTP ${response.statusCode}`)));
    handshake.on('error', reject);
    handshake.end();
  });
}

/** Server frames are never masked; a frame may arrive split over reads, or several in one read. */
function readFrames(socket: Duplex, head: Buffer, onMessage: (payload: Buffer) => void) {
  let pending = head;
  const consume = () => {
    while (pending.length >= 2) {
      const opcode = pending[0]! & 0x0f;
      let length = pending[1]! & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (pending.length < 4) return;
        length = pending.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (pending.length < 10) return;
        length = Number(pending.readBigUInt64BE(2));
        offset = 10;
      }
      if (pending.length < offset + length) return;
      const payload = pending.subarray(offset, offset + length);
      pending = pending.subarray(offset + length);
      if (opcode === OPCODE_TEXT) onMessage(payload);
      else if (opcode === OPCODE_CLOSE) socket.end();
    }
  };
  socket.on('data', (chunk: Buffer) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    consume();
  });
  consume();
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
