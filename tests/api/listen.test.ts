import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { seedDemoBoards } from '../../src/server/db/seed/boards';
import { listenOn } from '../../src/server/http/listen';
import { ORIGIN } from '../support/http';
import { openEventStream } from '../support/sse';
import { createTestApp, type TestContext } from '../support/test-app';

/**
 * `HOST=localhost` serves both loopbacks on one port, so `http://localhost:3000` works whether the browser
 * resolves `localhost` to 127.0.0.1 or to ::1 (this machine's hosts file lists only 127.0.0.1).
 */
const contexts: TestContext[] = [];
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close().catch(() => {});
});

async function started(host: string) {
  const ctx = await createTestApp();
  contexts.push(ctx);
  await seedDemoBoards(ctx.database.db, ctx.clock, () => 'ef'.repeat(32));
  const port = await listenOn(ctx.app, host, 0);
  return { ctx, port };
}

/** Whether something accepts TCP connections at host:port. */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const ipv6Loopback = await new Promise<boolean>((resolve) => {
  const probe = net.createServer();
  probe.once('error', () => resolve(false));
  probe.listen({ host: '::1', port: 0 }, () => probe.close(() => resolve(true)));
});

describe('listening on localhost', () => {
  it.runIf(ipv6Loopback)('answers on 127.0.0.1 and [::1] on the same port, the same app on both', async () => {
    const { port } = await started('localhost');
    for (const host of ['127.0.0.1', '[::1]']) {
      const health = await fetch(`http://${host}:${port}/api/health`);
      expect(health.status).toBe(200);
      expect(health.headers.get('x-content-type-options')).toBe('nosniff');
      // A state-changing request goes through the same hooks (the origin check refuses a foreign origin).
      const refused = await fetch(`http://${host}:${port}/api/boards/thunder-timberwolves/entries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
        body: '{}',
      });
      expect(refused.status).toBe(403);
    }
    const entry = await fetch(`http://[::1]:${port}/api/boards/thunder-timberwolves/entries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({
        phone: '+12125550105',
        nickname: 'V6',
        amountCents: 100,
        ageConfirmed: true,
        rulesAccepted: true,
        state: 'OH',
        idempotencyKey: 'listen-v6-1',
      }),
    });
    expect(entry.status).toBe(201);
  });

  it.runIf(ipv6Loopback)('closes both listeners, ending live streams on [::1] too', async () => {
    const { ctx, port } = await started('localhost');
    const stream = await openEventStream(`http://[::1]:${port}/api/boards/thunder-timberwolves/events`);
    expect(stream.status).toBe(200);
    await ctx.app.close();
    await stream.ended;
    expect(await accepts('127.0.0.1', port)).toBe(false);
    expect(await accepts('::1', port)).toBe(false);
  });

  it('binds any other host as given and only that', async () => {
    const { port } = await started('127.0.0.1');
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    if (ipv6Loopback) expect(await accepts('::1', port)).toBe(false);
  });

  it.runIf(ipv6Loopback)('refuses to serve half of localhost when [::1] is taken on that port', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen({ host: '::1', port: 0, ipv6Only: true }, resolve));
    const taken = (blocker.address() as net.AddressInfo).port;
    try {
      const ctx = await createTestApp();
      contexts.push(ctx);
      await expect(listenOn(ctx.app, 'localhost', taken)).rejects.toThrow(`cannot listen on [::1]:${taken}`);
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });
});
