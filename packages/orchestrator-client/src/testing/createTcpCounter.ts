import { createServer, connect, type AddressInfo, type Socket } from 'node:net';

export interface TcpCounter {
  /** Base URL that forwards to the target. */
  url: string;
  /** TCP connections accepted so far. */
  connections: () => number;
  close: () => Promise<void>;
}

/**
 * A TCP pass-through in front of a server, counting connections: proves keep-alive reuse
 * from the outside without relying on the server under test to expose its sockets.
 */
export async function createTcpCounter(targetUrl: string): Promise<TcpCounter> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let count = 0;
  const server = createServer((client) => {
    count += 1;
    const upstream = connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
