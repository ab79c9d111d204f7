import { describe, expect, it } from 'vitest';
import { createStreamLimits } from '../../src/server/http/stream-limits';

describe('createStreamLimits', () => {
  it('refuses a client past its cap, and the instance past its cap, changing no count', () => {
    const limits = createStreamLimits({ perClient: 2, perInstance: 3 });
    const a1 = limits.admit('10.0.0.1');
    const a2 = limits.admit('::ffff:10.0.0.1');
    expect(a1.ok && a2.ok).toBe(true);
    expect(limits.admit('10.0.0.1')).toEqual({ ok: false, limit: 'client' });
    expect(limits.openBy('10.0.0.1')).toBe(2);
    const b1 = limits.admit('10.0.0.2');
    expect(b1.ok).toBe(true);
    expect(limits.admit('10.0.0.3')).toEqual({ ok: false, limit: 'instance' });
    // A client at its own cap hears about its own cap first.
    expect(limits.admit('10.0.0.1')).toEqual({ ok: false, limit: 'client' });
    expect(limits.open()).toBe(3);
    expect(limits.openBy('10.0.0.3')).toBe(0);
  });

  it('gives a slot back exactly once however often it is released', () => {
    const limits = createStreamLimits({ perClient: 2, perInstance: 10 });
    const first = limits.admit('10.0.0.1');
    const second = limits.admit('10.0.0.1');
    if (!first.ok || !second.ok) throw new Error('expected two slots');
    for (let i = 0; i < 5; i++) first.slot.release();
    expect(limits.open()).toBe(1);
    expect(limits.openBy('10.0.0.1')).toBe(1);
    // The freed slot is usable again; the still-held one still counts.
    const third = limits.admit('10.0.0.1');
    expect(third.ok).toBe(true);
    expect(limits.admit('10.0.0.1').ok).toBe(false);
    second.slot.release();
    if (third.ok) third.slot.release();
    second.slot.release();
    expect(limits.open()).toBe(0);
    expect(limits.openBy('10.0.0.1')).toBe(0);
  });

  it('lets one IPv6 /64 hold only its cap, however many addresses it uses', () => {
    const limits = createStreamLimits({ perClient: 3, perInstance: 100 });
    const admitted = Array.from({ length: 10 }, (_, i) => limits.admit(`2001:db8:0:1::${(i + 1).toString(16)}`));
    expect(admitted.filter((a) => a.ok)).toHaveLength(3);
    expect(limits.admit('2001:db8:0:2::1').ok).toBe(true);
    expect(limits.open()).toBe(4);
  });
});
