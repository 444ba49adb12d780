import WebSocket from 'ws';
import { channelEventFrame, textFrame } from './protocol';

type FrameOptions = { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean };
/** ws's own framing (not in its typings): what our frames must equal byte for byte. */
const { Sender } = WebSocket as unknown as { Sender: { frame(data: Buffer, options: FrameOptions): Buffer[] } };
const wsFrame = (payload: Buffer) => Buffer.concat(Sender.frame(payload, { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false }));

describe('textFrame', () => {
  it.each([0, 1, 125, 126, 127, 65_535, 65_536, 70_000])('frames a %i-byte payload exactly as ws does', (length) => {
    const payload = Buffer.alloc(length, 'a');
    expect(textFrame(payload).equals(wsFrame(payload))).toBe(true);
  });

  it('starts with FIN and the text opcode, unmasked', () => {
    const frame = textFrame(Buffer.from('{}'));
    expect([...frame]).toEqual([0x81, 2, 0x7b, 0x7d]);
  });
});

describe('channelEventFrame', () => {
  it('carries the event, the channel and the publisher data as the JSON text pusher-js reads', () => {
    const frame = channelEventFrame('lead.created', 'fake-leads', '{"name":"Ada L."}');
    const payload = frame.subarray(2);
    expect(frame[1]).toBe(payload.length);
    expect(JSON.parse(payload.toString())).toEqual({ event: 'lead.created', channel: 'fake-leads', data: '{"name":"Ada L."}' });
  });
});
