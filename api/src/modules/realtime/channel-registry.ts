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
  /** A complete WebSocket frame (`channelEventFrame`), the same bytes for every member of the channel. */
  sendFrame(frame: Buffer): void;
};

/** Who listens to which channel, in this process. */
export class ChannelRegistry {
  private readonly channels = new Map<string, Set<RealtimeClient>>();

  subscribe(client: RealtimeClient, channel: string): void {
    let members = this.channels.get(channel);
    if (!members) {
      members = new Set();
      this.channels.set(channel, members);
    }
    members.add(client);
    client.channels.add(channel);
  }

  unsubscribe(client: RealtimeClient, channel: string): void {
    const members = this.channels.get(channel);
    members?.delete(client);
    if (members?.size === 0) this.channels.delete(channel);
    client.channels.delete(channel);
  }

  remove(client: RealtimeClient): void {
    for (const channel of [...client.channels]) this.unsubscribe(client, channel);
  }

  deliver({ channels, event, data, exceptSocketId }: BroadcastEvent): void {
    for (const channel of channels) {
      const members = this.channels.get(channel);
      if (!members) continue;
      // Serialised and framed once for every member: at 10,000 sockets any work per socket shows.
      const frame = channelEventFrame(event, channel, data);
      for (const client of members) {
        if (client.socketId !== exceptSocketId) client.sendFrame(frame);
      }
    }
  }
}
