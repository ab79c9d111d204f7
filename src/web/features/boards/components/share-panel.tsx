import { Check, Copy, FileText } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { type SheetSize, sheetSizes } from '../../../../shared/contracts/board-share';
import { PanelSection } from '../../../components/layout/page-section';
import { buttonClasses } from '../../../components/ui/button';
import { boardQrUrl, boardShareLink, boardSheetUrl } from '../api';

const sheetNames: Record<SheetSize, string> = { letter: 'Letter', a4: 'A4' };
/** How long 'Copied' stays beside the button. */
const COPIED_MS = 2500;
/** The QR image's side in CSS pixels: fixed, so the panel does not move when the image arrives. */
const QR_PX = 152;

/**
 * Sharing a board: its link with a Copy button, the link's QR code for phones at the venue, and the
 * printable sheet (Letter or A4) an organizer tapes to the wall.
 */
export function SharePanel({ slug, title }: { slug: string; title: string }) {
  const link = boardShareLink(slug);
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'manual'>('idle');
  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  const copyLink = async () => {
    try {
      // Absent outside a secure context, and refused without permission: the link is then selected instead.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      // Focused and selected, so Ctrl+C (or the phone's Copy) takes it.
      input.current?.focus();
      input.current?.select();
      setCopy('manual');
    }
  };

  return (
    <PanelSection id="share" title="Share this board">
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start">
        <img
          src={boardQrUrl(slug)}
          width={QR_PX}
          height={QR_PX}
          alt={`QR code that opens the ${title} board at ${link}`}
          className="shrink-0 self-center rounded-lg bg-white p-1 sm:self-start"
          style={{ width: QR_PX, height: QR_PX }}
          data-testid="share-qr"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div className="flex flex-col gap-1.5">
            <label htmlFor="share-link" className="text-sm font-medium text-slate-200">
              Board link
            </label>
            <div className="flex gap-2">
              <input
                ref={input}
                id="share-link"
                readOnly
                value={link}
                onFocus={(e) => e.currentTarget.select()}
                className="h-11 min-w-0 flex-1 rounded-xl border border-ink-600 bg-ink-950 px-3 text-base text-white"
                aria-describedby="share-copy-status"
              />
              <button type="button" onClick={() => void copyLink()} className={buttonClasses('secondary', 'md')}>
                {copy === 'copied' ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
                Copy
              </button>
            </div>
            <p id="share-copy-status" role="status" className="min-h-5 text-sm text-brand-200">
              {copy === 'copied'
                ? 'Copied'
                : copy === 'manual'
                  ? 'Link selected: press Ctrl+C (or Copy) to copy it.'
                  : ''}
            </p>
          </div>
          <div>
            <p className="text-sm text-slate-300">Printable sheet with the grid, prizes and this QR code:</p>
            <ul className="mt-2 flex flex-wrap gap-2">
              {sheetSizes.map((size) => (
                <li key={size}>
                  <a
                    href={boardSheetUrl(slug, size)}
                    target="_blank"
                    rel="noopener"
                    className={buttonClasses('outline', 'md')}
                    data-testid={`share-sheet-${size}`}
                  >
                    <FileText aria-hidden className="size-4" />
                    Printable sheet ({sheetNames[size]})<span className="sr-only"> opens a PDF in a new tab</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </PanelSection>
  );
}
