import type { ChannelAuthorizationCallback, Options } from 'pusher-js';

type Handler = (data: unknown) => void;

class FakeEmitter {
  private readonly handlers = new Map<string, Handler[]>();

  bind(event: string, handler: Handler): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }

  unbind(event: string, handler?: Handler): this {
    this.handlers.set(event, handler ? (this.handlers.get(event) ?? []).filter((bound) => bound !== handler) : []);
    return this;
  }

  unbind_all(): this {
    this.handlers.clear();
    return this;
  }

  emit(event: string, data?: unknown): void {
    for (const handler of this.handlers.get(event) ?? []) handler(data);
  }
}

export class FakeChannel extends FakeEmitter {
  constructor(readonly name: string) {
    super();
  }
}

type AuthResult = Parameters<ChannelAuthorizationCallback>;

/** Stands in for pusher-js in tests (`jest.mock('pusher-js', () => jest.requireActual(<this file>))`). */
export default class FakePusher {
  static instances: FakePusher[] = [];

  readonly connection = new FakeEmitter();
  readonly channels: FakeChannel[] = [];
  readonly disconnect = jest.fn();
  /** Names given to unsubscribe, in order. */
  readonly unsubscribed: string[] = [];

  constructor(
    readonly key: string,
    readonly options: Options,
  ) {
    // As the real client does.
    if (!key) throw new Error('You must pass your app key when you instantiate Pusher.');
    FakePusher.instances.push(this);
  }

  subscribe(name: string): FakeChannel {
    const channel = new FakeChannel(name);
    this.channels.push(channel);
    return channel;
  }

  unsubscribe(name: string): void {
    this.unsubscribed.push(name);
  }

  /** The channel of that name subscribed last. */
  channel(name: string): FakeChannel {
    const channel = this.channels.findLast((candidate) => candidate.name === name);
    if (!channel) throw new Error(`no channel ${name} was subscribed`);
    return channel;
  }

  /** What the real client does before subscribing to a private channel: asks the channel authoriser. */
  authorize(channelName: string, socketId = '1234.5678'): Promise<AuthResult> {
    const authorization = this.options.channelAuthorization;
    if (!authorization || !('customHandler' in authorization)) throw new Error('No custom channel authoriser');
    return new Promise((resolve) => {
      authorization.customHandler({ socketId, channelName }, (...result) => resolve(result));
    });
  }
}

/** The one client a test expects to exist. */
export function onlyPusher(): FakePusher {
  expect(FakePusher.instances).toHaveLength(1);
  return FakePusher.instances[0]!;
}
