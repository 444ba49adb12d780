import { FrameFanOut } from './fan-out';
import { channelEventFrame } from './protocol';

/** One event for one or more channels, as the HTTP events API receives it. */
export type BroadcastEvent = {
  channels: string[];
  event: string;
  /** Event data exactly as published (a string; usually JSON). */
  data: string;
  /** A connection that must not receive its own event (Pusher's `socket_id`). */
  exceptSocketId?: string;
};

export type RealtimeClient = {
  readonly socketId: string;
  readonly channels: Set<string>;
  /** A complete WebSocket frame (`channelEventFrame`), the same bytes for every member of the channel, queued behind what waits. */
  sendFrame(frame: Buffer): void;
  /**
   * Where a frame of `bytes` may go now: the socket's file descriptor when nothing waits to be sent before it
   * (FrameFanOut writes it there directly), THROUGH_STREAM, or NOWHERE (closed, or dropped for its backlog).
   */
  frameTarget?(bytes: number): number;
  /** A direct write failed with `errno` (the peer reset, the socket broke). */
  dropAfterWriteError?(errno: number): void;
};

/**
 * A channel's members as a flat array, iterated once per event, in subscription order: a leaving member's slot
 * is closed up (indexOf and splice, microseconds at 10,000), so the newest subscribers are written to last,
 * which bench:realtime's timing of its last-subscribed sockets relies on.
 */
type Members = RealtimeClient[];

/** Who listens to which channel, in this process. */
export class ChannelRegistry {
  private readonly channels = new Map<string, Members>();

  constructor(private readonly fanOut: FrameFanOut = new FrameFanOut({ threads: 0, capacity: 0 })) {}

  subscribe(client: RealtimeClient, channel: string): void {
    if (client.channels.has(channel)) return;
    let members = this.channels.get(channel);
    if (!members) {
      members = [];
      this.channels.set(channel, members);
    }
    members.push(client);
    client.channels.add(channel);
  }

  unsubscribe(client: RealtimeClient, channel: string): void {
    if (!client.channels.delete(channel)) return;
    const members = this.channels.get(channel);
    const slot = members?.indexOf(client) ?? -1;
    if (!members || slot < 0) return;
    members.splice(slot, 1);
    if (members.length === 0) this.channels.delete(channel);
  }

  remove(client: RealtimeClient): void {
    for (const channel of [...client.channels]) this.unsubscribe(client, channel);
  }

  deliver({ channels, event, data, exceptSocketId }: BroadcastEvent): void {
    for (const channel of channels) {
      const members = this.channels.get(channel);
      if (!members) continue;
      // Serialised and framed once for every member: at 10,000 sockets any work per socket shows.
      this.fanOut.write(channelEventFrame(event, channel, data), members, exceptSocketId);
    }
  }
}
