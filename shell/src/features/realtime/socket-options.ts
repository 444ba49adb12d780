import type { Options } from 'pusher-js';
import type { RealtimeConfig } from '@rewards/shared/contracts/runtime-config';

export type PageAddress = Pick<Location, 'hostname' | 'port' | 'protocol'>;

type SocketOptionName = 'cluster' | 'wsHost' | 'wsPort' | 'wssPort' | 'forceTLS' | 'enabledTransports' | 'disableStats';
type SocketOptions = Required<Pick<Options, SocketOptionName>>;

/** Where pusher-js opens its socket: the configured gateway, or the page's own host and port when left empty. */
export function socketOptions(realtime: RealtimeConfig, page: PageAddress): SocketOptions {
  const pageIsSecure = page.protocol === 'https:';
  const pagePort = page.port ? Number(page.port) : pageIsSecure ? 443 : 80;
  const port = realtime.wsPort || pagePort;
  return {
    cluster: realtime.cluster,
    wsHost: realtime.wsHost || page.hostname,
    wsPort: port,
    wssPort: port,
    // A secure page may not open an insecure socket.
    forceTLS: realtime.forceTLS || pageIsSecure,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
  };
}
