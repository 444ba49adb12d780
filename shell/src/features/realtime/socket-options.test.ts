import { testRuntimeConfig } from '../../test/runtime-config';
import { socketOptions, type PageAddress } from './socket-options';

const ownHost = { ...testRuntimeConfig.realtime, wsHost: '', wsPort: 0, forceTLS: false };
const page = (protocol: string, hostname: string, port = ''): PageAddress => ({ protocol, hostname, port });

describe('where the realtime socket connects', () => {
  it('uses the page’s host and port when wsHost is empty and wsPort is 0', () => {
    expect(socketOptions(ownHost, page('http:', 'localhost', '8080'))).toMatchObject({
      wsHost: 'localhost',
      wsPort: 8080,
      wssPort: 8080,
      forceTLS: false,
    });
  });

  it.each([
    ['http:', 80],
    ['https:', 443],
  ])('uses the default port of %s when the page has none', (protocol, port) => {
    expect(socketOptions(ownHost, page(protocol, 'earnly.example'))).toMatchObject({ wsPort: port, wssPort: port });
  });

  it('forces TLS on an https page even when the config does not', () => {
    expect(socketOptions(ownHost, page('https:', 'earnly.example')).forceTLS).toBe(true);
  });

  it('keeps the configured gateway, port and TLS', () => {
    const gateway = { ...ownHost, wsHost: 'ws.earnly.example', wsPort: 6001, forceTLS: true };
    expect(socketOptions(gateway, page('http:', 'localhost', '3000'))).toMatchObject({
      wsHost: 'ws.earnly.example',
      wsPort: 6001,
      wssPort: 6001,
      forceTLS: true,
    });
  });

  it('uses WebSockets only, without stats', () => {
    expect(socketOptions(ownHost, page('http:', 'localhost'))).toMatchObject({
      cluster: 'eu',
      enabledTransports: ['ws', 'wss'],
      disableStats: true,
    });
  });
});
