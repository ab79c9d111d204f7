import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SharePanel } from '../../src/web/features/boards/components/share-panel';

const link = `${window.location.origin}/boards/thunder-timberwolves`;
const setClipboard = (clipboard: Partial<Clipboard> | undefined) =>
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });

describe('share panel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    setClipboard(undefined);
  });

  it("shows the board's link, its QR code at a fixed size, and a sheet link per paper size", () => {
    render(<SharePanel slug="thunder-timberwolves" title="Thunder vs Timberwolves" />);
    expect(screen.getByLabelText('Board link')).toHaveValue(link);
    const qr = screen.getByRole('img', { name: `QR code that opens the Thunder vs Timberwolves board at ${link}` });
    expect(qr).toHaveAttribute('src', '/api/boards/thunder-timberwolves/qr.svg');
    expect(qr).toHaveAttribute('width', '152');
    expect(qr).toHaveAttribute('height', '152');
    expect(screen.getByRole('link', { name: /^Printable sheet \(Letter\)/ })).toHaveAttribute(
      'href',
      '/api/boards/thunder-timberwolves/sheet.pdf?size=letter',
    );
    expect(screen.getByRole('link', { name: /^Printable sheet \(A4\)/ })).toHaveAttribute(
      'href',
      '/api/boards/thunder-timberwolves/sheet.pdf?size=a4',
    );
  });

  it("copies the link and says 'Copied' for a moment", async () => {
    const writeText = vi.fn(async () => {});
    setClipboard({ writeText });
    render(<SharePanel slug="thunder-timberwolves" title="Thunder vs Timberwolves" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(screen.getByRole('status')).toHaveTextContent('Copied');
    await act(async () => vi.advanceTimersByTime(2500));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('selects the link for a manual copy when the clipboard refuses or is missing', async () => {
    setClipboard({ writeText: vi.fn(async () => Promise.reject(new Error('denied'))) });
    render(<SharePanel slug="knicks-vs-pacers" title="Knicks vs Pacers" />);
    const input = screen.getByLabelText('Board link') as HTMLInputElement;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(screen.getByRole('status')).toHaveTextContent('Link selected: press Ctrl+C (or Copy) to copy it.');
    expect(document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]);

    setClipboard(undefined);
    input.setSelectionRange(0, 0);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]);
  });
});
