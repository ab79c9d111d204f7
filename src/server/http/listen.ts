import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Errors that mean "this machine has no IPv6 loopback", not "something is wrong". */
const noIpv6 = new Set(['EADDRNOTAVAIL', 'EAFNOSUPPORT', 'EINVAL']);

/**
 * Starts listening and returns the bound port. `localhost` means both loopbacks, 127.0.0.1 and ::1, on one
 * port, whatever the machine's hosts file says: browsers resolve `localhost` themselves and many try ::1
 * first, so binding only what `getaddrinfo('localhost')` returns (Fastify's own rule) leaves
 * `http://localhost:3000` refused on machines whose hosts file lists only 127.0.0.1. Any other host is bound
 * as given. The ::1 listener serves the same app (same routes, hooks, 503 while closing) and closes with it;
 * where the machine has no IPv6 loopback, the app runs on 127.0.0.1 alone.
 */
export async function listenOn(app: FastifyInstance, host: string, port: number): Promise<number> {
  if (host !== 'localhost') {
    await app.listen({ host, port });
    return (app.server.address() as AddressInfo).port;
  }
  const v6 = http.createServer(app.routing);
  let closed: Promise<void> = Promise.resolve();
  // Hooks go on before listening (Fastify refuses them after). Like the main server on close: stop
  // accepting, drop idle keep-alive sockets, let requests in flight finish (live streams end in preClose).
  app.addHook('preClose', async () => {
    if (!v6.listening) return;
    closed = new Promise<void>((resolve) => v6.close(() => resolve()));
    v6.closeIdleConnections();
  });
  app.addHook('onClose', async () => {
    await closed;
  });
  await app.listen({ host: '127.0.0.1', port });
  const bound = (app.server.address() as AddressInfo).port;
  for (const key of ['keepAliveTimeout', 'headersTimeout', 'requestTimeout', 'maxRequestsPerSocket'] as const) {
    (v6 as unknown as Record<string, unknown>)[key] = app.server[key];
  }
  const listening = await new Promise<boolean>((resolve, reject) => {
    v6.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code && noIpv6.has(err.code)) resolve(false);
      else reject(err);
    });
    v6.listen({ host: '::1', port: bound, ipv6Only: true }, () => resolve(true));
  }).catch((err: NodeJS.ErrnoException) => {
    // Another process holds [::1]:port: this one must not serve half of `localhost` (the caller closes).
    throw new Error(`cannot listen on [::1]:${bound} (${err.code ?? err.message})`);
  });
  v6.on('error', (err) => app.log.error({ err }, 'the [::1] listener failed'));
  if (!listening) app.log.warn('no IPv6 loopback on this machine: listening on 127.0.0.1 only');
  return bound;
}
