import { userChannel, userIdOfChannel } from './realtime';

describe('user channels', () => {
  it('names the private channel of a user and reads the id back', () => {
    expect(userChannel(42)).toBe('private-user-42');
    expect(userIdOfChannel(userChannel(42))).toBe(42);
  });

  it.each(['fake-leads', 'private-user-', 'private-user-0', 'private-user-007', 'private-user-4x', 'presence-user-4', 'private-user-99999999999999999'])(
    'reads no user from %s',
    (channel) => {
      expect(userIdOfChannel(channel)).toBeNull();
    },
  );
});
