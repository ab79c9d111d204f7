import { describe, expect, it } from 'vitest';
import { createTestApp, listenOn } from '../support/test-app';

describe('graceful shutdown', () => {
  // The suite's 30 s: building the app on a fresh embedded database alone takes seconds on a busy machine.
  it('lets an in-flight request finish while closing, and refuses new work', async () => {
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
    const base = await listenOn(ctx.app);

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
