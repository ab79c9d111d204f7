import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZoneClocks } from '../../src/web/components/clocks';

describe('ZoneClocks', () => {
  afterEach(() => vi.useRealTimers());

  it('shows Eastern, Central and Pacific time and ticks every second', () => {
    vi.useFakeTimers({ now: new Date('2025-06-11T16:00:00Z') });
    render(<ZoneClocks />);
    expect(screen.getByTestId('clock-eastern')).toHaveTextContent('12:00:00 PM');
    expect(screen.getByTestId('clock-central')).toHaveTextContent('11:00:00 AM');
    expect(screen.getByTestId('clock-pacific')).toHaveTextContent('9:00:00 AM');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('clock-eastern')).toHaveTextContent('12:00:01 PM');
    act(() => vi.advanceTimersByTime(59_000));
    expect(screen.getByTestId('clock-pacific')).toHaveTextContent('9:01:00 AM');
  });
});
