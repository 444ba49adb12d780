import { createServer, type Server, Socket } from 'node:net';

export type TcpRelay = { readonly port: number; url(scheme: string): string; cut(): Promise<void>; restore(): Promise<void> };

/**
 * A TCP relay to a server (e.g. Redis) that a test can cut, dropping every connection and closing its port
 * as if the server had gone away, and restore on the same port.
 */
export async function startTcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  let port = 0;
  const restore = async () => {
    server = createServer((client) => {
      const upstream = new Socket();
      upstream.connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  };
  const cut = async () => {
    for (const socket of sockets) socket.destroy();
    if (server?.listening) await new Promise((resolve) => server!.close(resolve));
  };
  await restore();
  return {
    get port() {
      return port;
    },
    url: (scheme) => `${scheme}://127.0.0.1:${port}`,
    cut,
    restore,
  };
}

/** A port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
