import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../../config';

/**
 * The client's address of a raw request (a WebSocket handshake never becomes a Fastify request), trusting
 * proxies exactly as the HTTP routes do (TRUST_PROXY: a hop count, true, or addresses).
 */
export function clientAddressResolver(trustProxy: Config['trustProxy']): (request: IncomingMessage) => string {
  if (trustProxy === false) return (request) => request.socket.remoteAddress ?? 'unknown';
  const trust =
    typeof trustProxy === 'number'
      ? (_address: string, hop: number) => hop < trustProxy
      : trustProxy === true
        ? () => true
        : proxyAddr.compile(trustProxy.split(',').map((address) => address.trim()));
  return (request) => {
    try {
      return proxyAddr(request, trust);
    } catch {
      return request.socket.remoteAddress ?? 'unknown';
    }
  };
}
