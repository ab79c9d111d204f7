import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from '../../src/web/components/ui/dialog';

/**
 * The browser fires a dialog's 'close' event a task after it closed. A dialog closed and at once opened again
 * (Keep, then the same button) is open when that late event arrives, and must stay open.
 */
describe('the dialog', () => {
  const shown = (onClose: () => void, open = true) => (
    <Dialog open={open} onClose={onClose} title="Lock board-1 now?">
      <p>The digits are drawn for good.</p>
    </Dialog>
  );

  it('keeps an opening open when a late close event of the closing before arrives', () => {
    const onClose = vi.fn();
    render(shown(onClose));
    const dialog = screen.getByRole('dialog', { name: 'Lock board-1 now?' }) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    dialog.dispatchEvent(new Event('close'));
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog.open).toBe(true);
  });

  it('tells its owner when the browser closed it (Escape, a form of method dialog)', () => {
    const onClose = vi.fn();
    render(shown(onClose));
    const dialog = screen.getByRole('dialog', { name: 'Lock board-1 now?' }) as HTMLDialogElement;
    dialog.close();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes when its owner sets it closed, and opens again on the same element', () => {
    const onClose = vi.fn();
    const { rerender } = render(shown(onClose));
    const dialog = screen.getByRole('dialog', { name: 'Lock board-1 now?' }) as HTMLDialogElement;
    rerender(shown(onClose, false));
    expect(dialog.open).toBe(false);
    rerender(shown(onClose, true));
    expect(dialog.open).toBe(true);
    dialog.dispatchEvent(new Event('close'));
    expect(dialog.open).toBe(true);
  });
});
