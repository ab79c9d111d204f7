import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCyclingIndex } from '../../src/web/lib/motion';

function Cycler({ length, every }: { length: number; every: number }) {
  return <p>index {useCyclingIndex(length, every)}</p>;
}

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (q: string) => ({
    matches: reduce && q.includes('reduce'),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('useCyclingIndex', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('steps through the values at the given interval and wraps around', () => {
    mockReducedMotion(false);
    render(<Cycler length={3} every={200} />);
    expect(screen.getByText('index 0')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByText('index 1')).toBeTruthy();
    act(() => vi.advanceTimersByTime(400));
    expect(screen.getByText('index 0')).toBeTruthy();
  });

  it('stays still under prefers-reduced-motion', () => {
    mockReducedMotion(true);
    render(<Cycler length={5} every={1000} />);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByText('index 0')).toBeTruthy();
  });
});
