import { describe, expect, it } from 'vitest';
import { listenerBackoff } from '../../src/server/db/listener';
import { backoffDelay } from '../../src/shared/domain/backoff';

const at = (r: number) => () => r;

describe('backoffDelay', () => {
  it('clamps a bad random source instead of stopping the backoff or stretching it past the cap', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -5, 7]) {
      const d = backoffDelay(3, at(bad), listenerBackoff);
      expect(d).toBeGreaterThanOrEqual(1000);
      expect(d).toBeLessThanOrEqual(2000);
    }
    expect(backoffDelay(3, at(Number.NaN), listenerBackoff)).toBe(1000);
    expect(backoffDelay(3, at(7), listenerBackoff)).toBe(2000);
  });

  it('treats a negative, fractional or non-finite attempt as a sane one', () => {
    expect(backoffDelay(-3, at(1), listenerBackoff)).toBe(250);
    expect(backoffDelay(Number.NaN, at(1), listenerBackoff)).toBe(250);
    expect(backoffDelay(2.9, at(1), listenerBackoff)).toBe(1000);
    expect(backoffDelay(Number.POSITIVE_INFINITY, at(1), listenerBackoff)).toBe(250);
    // Huge attempt counts stay at the cap, never Infinity or NaN.
    expect(backoffDelay(10_000, at(1), listenerBackoff)).toBe(10_000);
  });

  it('starts at 250 ms and doubles to a 10 s cap (the ceiling, with the random source at its top)', () => {
    const ceilings = Array.from({ length: 9 }, (_, attempt) => backoffDelay(attempt, at(1), listenerBackoff));
    expect(ceilings).toEqual([250, 500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });

  it('jitters each wait to between half the ceiling and all of it', () => {
    expect(backoffDelay(0, at(0), listenerBackoff)).toBe(125);
    expect(backoffDelay(0, at(0.5), listenerBackoff)).toBe(188);
    expect(backoffDelay(4, at(0), listenerBackoff)).toBe(2000);
    expect(backoffDelay(4, at(0.25), listenerBackoff)).toBe(2500);
    expect(backoffDelay(20, at(0), listenerBackoff)).toBe(5000);
    expect(backoffDelay(20, at(0.999), listenerBackoff)).toBe(9995);
  });

  it('follows another policy (the browser reopening a refused event stream)', () => {
    const policy = { baseMs: 1000, capMs: 30_000 };
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, at(1), policy))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });
});
