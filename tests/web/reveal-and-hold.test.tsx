import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BELOW_HEADER, revealAndHold } from '../../src/web/lib/clear-spot';

/** An element whose box is whatever `top` says now (in window coordinates), 40 px tall. */
function elementAt(pos: { top: number }) {
  const el = document.createElement('div');
  el.getBoundingClientRect = () => ({ top: pos.top, bottom: pos.top + 40, left: 0, right: 100 }) as DOMRect;
  document.body.append(el);
  return el;
}

describe('revealAndHold', () => {
  let scrolls: number[];
  let pos: { top: number };
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
    scrolls = [];
    pos = { top: 900 };
    // Scrolling moves the element up by what was scrolled, as the page would.
    window.scrollBy = ((o: ScrollToOptions) => {
      scrolls.push(o.top ?? 0);
      pos.top -= o.top ?? 0;
    }) as typeof window.scrollBy;
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('reveals at once, and again when the page pushes the element out while it settles', () => {
    const el = elementAt(pos);
    revealAndHold(() => [el], 176, 2000);
    expect(scrolls).toEqual([900 - 176]);
    expect(pos.top).toBe(176);
    // Content arrives above it: it slides 700 px down, out of the window.
    pos.top += 700;
    vi.advanceTimersByTime(50);
    expect(pos.top).toBe(176);
    expect(scrolls).toHaveLength(2);
  });

  it('does nothing while the element stays in view', () => {
    pos.top = 300;
    const el = elementAt(pos);
    revealAndHold(() => [el]);
    vi.advanceTimersByTime(500);
    expect(scrolls).toEqual([]);
  });

  it('stops when the fan scrolls with the wheel, taps or types', () => {
    for (const event of [new WheelEvent('wheel'), new Event('touchstart'), new KeyboardEvent('keydown')]) {
      pos.top = 900;
      scrolls = [];
      const el = elementAt(pos);
      revealAndHold(() => [el], BELOW_HEADER, 2000);
      expect(scrolls).toHaveLength(1);
      window.dispatchEvent(event);
      pos.top += 700;
      vi.advanceTimersByTime(500);
      expect(scrolls, event.type).toHaveLength(1);
    }
  });

  it('stops after the settle time, and when its stop function is called', () => {
    const el = elementAt(pos);
    revealAndHold(() => [el], BELOW_HEADER, 1000);
    vi.advanceTimersByTime(1100);
    pos.top += 700;
    vi.advanceTimersByTime(200);
    expect(scrolls).toHaveLength(1);

    scrolls = [];
    pos.top = 900;
    const stop = revealAndHold(() => [el], BELOW_HEADER, 1000);
    stop();
    pos.top += 700;
    vi.advanceTimersByTime(200);
    expect(scrolls).toHaveLength(1);
  });
});
