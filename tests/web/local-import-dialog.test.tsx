import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { entryLinkMessages } from '../../src/shared/contracts/fan-central';
import { apiPaths } from '../../src/shared/contracts/paths';
import { LocalImportDialog } from '../../src/web/components/local-import-dialog';
import { ToastProvider } from '../../src/web/components/ui/toast';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const summary = {
  profileFields: 0,
  favorites: 0,
  trophyItems: 0,
  games: 0,
  achievements: 0,
  gamingTrophies: 0,
  skipped: 0,
};
const entry = (ticketNumber: string) => ({
  id: ticketNumber,
  boardSlug: 'thunder-timberwolves',
  code: 'ABC',
  ticketNumber,
  cells: [1],
  amountCents: 500,
  enteredAt: '2026-01-01T00:00:00.000Z',
});

describe('the sign-in import with board entries', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem('fangrid.entries', JSON.stringify([entry('AAAAAAAAA'), entry('BBBBBBBBB')]));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("offers this browser's entries, links them by ticket and names each one another account holds", async () => {
    const posted: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        posted.push({ url, body: JSON.parse(String(init?.body ?? 'null')) });
        if (url.endsWith(apiPaths.entryLinks)) {
          return json(200, {
            linked: ['AAAAAAAAA'],
            refused: [
              {
                ticket: 'BBBBBBBBB',
                reason: 'otherAccount',
                message: entryLinkMessages.otherAccount('BBBBBBBBB'),
              },
            ],
          });
        }
        return json(200, { alreadyImported: false, importedAt: '2026-01-02T00:00:00.000Z', summary });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <LocalImportDialog userId="u1" open onClose={() => {}} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByText(/This browser has 2 board entries\./)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Import into my account' }));
    expect(await screen.findByText(/Imported 1 board entry\./)).toHaveTextContent(
      'Imported 1 board entry. Entry BBBBBBBBB is already linked to another account, so it was not added.',
    );
    expect(posted.find((p) => p.url.endsWith(apiPaths.entryLinks))?.body).toEqual({
      tickets: ['AAAAAAAAA', 'BBBBBBBBB'],
    });
    // The board keeps reading this browser's tickets; the linked one is not offered again.
    const kept = JSON.parse(window.localStorage.getItem('fangrid.entries') ?? '[]') as {
      ticketNumber: string;
      inAccount?: boolean;
    }[];
    expect(kept.map((e) => [e.ticketNumber, e.inAccount ?? false])).toEqual([
      ['AAAAAAAAA', true],
      ['BBBBBBBBB', false],
    ]);
  });

  it('imports once and says so once on a double click', async () => {
    const posted: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        posted.push(url);
        if (url.endsWith(apiPaths.entryLinks)) return json(200, { linked: ['AAAAAAAAA', 'BBBBBBBBB'], refused: [] });
        return json(200, { alreadyImported: false, importedAt: '2026-01-02T00:00:00.000Z', summary });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <LocalImportDialog userId="u1" open onClose={() => {}} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    const button = screen.getByRole('button', { name: 'Import into my account' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('Imported into your account')).toBeInTheDocument();
    expect(screen.getAllByText(/Imported 2 board entries\./)).toHaveLength(1);
    expect(posted.filter((u) => u.endsWith(apiPaths.localImport))).toHaveLength(1);
    expect(posted.filter((u) => u.endsWith(apiPaths.entryLinks))).toHaveLength(1);
  });
});
