import net from 'node:net';

/**
 * A TCP proxy in front of a database server that a test can cut and restore, to make the database unreachable
 * and reachable again without touching the server (other test files share it). While cut, every open
 * connection is destroyed (as a crashed server or a dropped network would) and each new one is closed as soon
 * as it is accepted, so a client sees `Connection terminated unexpectedly` at once, never a hang.
 */
export interface DbProxy {
  /** host:port of the proxy: put it in a database URL instead of the server's. */
  readonly port: number;
  /** The given URL with the proxy's host and port. */
  urlFor(url: string): string;
  cut(): void;
  restore(): void;
  /** Connections accepted in all, and how many of them were refused or cut. */
  stats(): { accepted: number; cut: number };
  close(): Promise<void>;
}

export async function startDbProxy(target: { host: string; port: number }): Promise<DbProxy> {
  const open = new Set<net.Socket>();
  let down = false;
  let accepted = 0;
  let cutCount = 0;
  const server = net.createServer((client) => {
    accepted += 1;
    client.on('error', () => {});
    if (down) {
      cutCount += 1;
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.on('close', () => {
      upstream.destroy();
      open.delete(client);
    });
    upstream.on('close', () => client.destroy());
    open.add(client);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    urlFor(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut() {
      down = true;
      for (const socket of open) {
        cutCount += 1;
        socket.destroy();
      }
      open.clear();
    },
    restore() {
      down = false;
    },
    stats: () => ({ accepted, cut: cutCount }),
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
