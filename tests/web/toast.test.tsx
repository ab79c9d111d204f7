import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from '../../src/web/components/ui/toast';

function Trigger() {
  const { toast } = useToast();
  return (
    <>
      <button type="button" onClick={() => toast({ title: 'First', description: 'one' })}>
        first
      </button>
      <button type="button" onClick={() => toast({ title: 'Second', variant: 'success', durationMs: 10_000 })}>
        second
      </button>
      <button type="button" onClick={() => toast({ title: 'Broken', variant: 'error' })}>
        error
      </button>
    </>
  );
}

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = () =>
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );

  it('shows at most one toast: a new one replaces the current one', () => {
    setup();
    fireEvent.click(screen.getByText('first'));
    expect(screen.getByText('First')).toBeInTheDocument();
    fireEvent.click(screen.getByText('second'));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('keeps a new toast when the one it replaced times out before the page has re-rendered', () => {
    setup();
    fireEvent.click(screen.getByText('first'));
    act(() => vi.advanceTimersByTime(4_900));
    // The second toast is asked for, and the first one's timer runs out, before React commits the change.
    act(() => {
      fireEvent.click(screen.getByText('second'));
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
  });

  it('dismisses after its duration (5 s by default)', () => {
    setup();
    fireEvent.click(screen.getByText('first'));
    act(() => vi.advanceTimersByTime(4_900));
    expect(screen.getByText('First')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
  });

  it('honours a longer duration and pauses while hovered', () => {
    setup();
    fireEvent.click(screen.getByText('second'));
    act(() => vi.advanceTimersByTime(9_000));
    fireEvent.mouseEnter(screen.getByText('Second').closest('div')?.parentElement as HTMLElement);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Second')).toBeInTheDocument();
    fireEvent.mouseLeave(screen.getByText('Second').closest('div')?.parentElement as HTMLElement);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
  });

  it('announces errors assertively and can be dismissed by hand', () => {
    setup();
    fireEvent.click(screen.getByText('error'));
    expect(screen.getByRole('alert')).toHaveTextContent('Broken');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Broken')).not.toBeInTheDocument();
  });
});
