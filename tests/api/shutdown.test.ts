import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app';

describe('graceful shutdown', () => {
  it('lets an in-flight request finish while closing, and refuses new work', { timeout: 10_000 }, async () => {
    const ctx = await createTestApp();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => {
      started = resolve;
    });
    ctx.app.get('/api/__probe/slow', async () => {
      started();
      await gate;
      return { done: true };
    });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const address = ctx.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const slow = fetch(`${base}/api/__probe/slow`);
    await inFlight;
    const closing = ctx.app.close();
    // New connections are no longer accepted once closing has begun.
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    release();
    const res = await slow;
    expect(res.status).toBe(200);
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.json()).toEqual({ done: true });
    // The close completes as soon as the last response is out, not after the keep-alive timeout.
    await closing;
    await ctx.database.close();
  });
});
