import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePainted } from '../../src/web/lib/painted';

function Probe({ renders }: { renders: boolean[] }) {
  const painted = usePainted();
  renders.push(painted);
  return <p>{painted ? 'after the paint' : 'first paint'}</p>;
}

describe('usePainted', () => {
  it('is false on the first render, and true only after the next frame', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    const renders: boolean[] = [];
    render(<Probe renders={renders} />);
    expect(screen.getByText('first paint')).toBeTruthy();
    // Effects have run, yet nothing changes until the frame comes.
    expect(renders.every((r) => r === false)).toBe(true);
    expect(frames).toHaveLength(1);
    frames[0]?.(0);
    expect(await screen.findByText('after the paint')).toBeTruthy();
    vi.restoreAllMocks();
  });

  it('asks for nothing more once unmounted before its frame', () => {
    const cancel = vi.spyOn(window, 'cancelAnimationFrame');
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 7);
    const { unmount } = render(<Probe renders={[]} />);
    unmount();
    expect(cancel).toHaveBeenCalledWith(7);
    vi.restoreAllMocks();
  });
});
