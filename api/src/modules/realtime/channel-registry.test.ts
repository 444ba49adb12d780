import { ChannelRegistry, type RealtimeClient } from './channel-registry';

function client(socketId: string): RealtimeClient & { frames: Buffer[] } {
  const frames: Buffer[] = [];
  return { socketId, channels: new Set(), frames, sendFrame: (frame) => frames.push(frame) };
}

describe('ChannelRegistry.deliver', () => {
  it('serialises and frames an event once and hands the same bytes to every member', () => {
    const registry = new ChannelRegistry();
    const members = [client('1.1'), client('2.2'), client('3.3')];
    for (const member of members) registry.subscribe(member, 'fake-leads');
    const stringify = jest.spyOn(JSON, 'stringify');
    try {
      registry.deliver({ channels: ['fake-leads'], event: 'lead.created', data: '{"name":"Ada L."}' });
      expect(stringify).toHaveBeenCalledTimes(1);
    } finally {
      stringify.mockRestore();
    }
    const [first] = members[0]!.frames;
    expect(first).toBeInstanceOf(Buffer);
    for (const member of members) expect(member.frames).toEqual([first]);
    for (const member of members) expect(member.frames[0]).toBe(first);
  });

  it('skips the publishing socket (socket_id) and channels nobody holds', () => {
    const registry = new ChannelRegistry();
    const publisher = client('1.1');
    const listener = client('2.2');
    registry.subscribe(publisher, 'fake-leads');
    registry.subscribe(listener, 'fake-leads');
    registry.deliver({ channels: ['fake-leads', 'nobody-here'], event: 'x', data: '{}', exceptSocketId: '1.1' });
    expect(publisher.frames).toHaveLength(0);
    expect(listener.frames).toHaveLength(1);
  });

  it('forgets a removed client and its empty channels', () => {
    const registry = new ChannelRegistry();
    const member = client('1.1');
    registry.subscribe(member, 'fake-leads');
    registry.subscribe(member, 'private-user-1');
    registry.remove(member);
    expect(member.channels.size).toBe(0);
    registry.deliver({ channels: ['fake-leads', 'private-user-1'], event: 'x', data: '{}' });
    expect(member.frames).toHaveLength(0);
  });

  it('keeps every other member when one leaves from the middle, and counts a repeated subscription once', () => {
    const registry = new ChannelRegistry();
    const members = ['1.1', '2.2', '3.3', '4.4'].map(client);
    for (const member of members) registry.subscribe(member, 'fake-leads');
    registry.subscribe(members[3]!, 'fake-leads');
    registry.unsubscribe(members[1]!, 'fake-leads');
    registry.unsubscribe(members[1]!, 'fake-leads');
    registry.deliver({ channels: ['fake-leads'], event: 'x', data: '{}' });
    expect(members.map((member) => member.frames.length)).toEqual([1, 0, 1, 1]);
    registry.unsubscribe(members[0]!, 'fake-leads');
    registry.deliver({ channels: ['fake-leads'], event: 'x', data: '{}' });
    expect(members.map((member) => member.frames.length)).toEqual([1, 0, 2, 2]);
  });
});
