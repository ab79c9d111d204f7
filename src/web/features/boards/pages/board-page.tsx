import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import type { EntryCreated } from '../../../../shared/contracts/board-responses';
import type { BoardView } from '../../../../shared/contracts/boards';
import {
  boardRulesText,
  correctedResultText,
  paidBoardRulesText,
  unfilledRulesText,
} from '../../../../shared/domain/boards';
import { periodPrizes } from '../../../../shared/domain/period-prizes';
import { claimRulesText } from '../../../../shared/domain/prizes';
import { paths } from '../../../app/paths';
import { BackLink } from '../../../components/layout/back-link';
import { LoadFailed, Page, Skeleton } from '../../../components/layout/page';
import { PanelSection } from '../../../components/layout/page-section';
import { Button, ButtonLink } from '../../../components/ui/button';
import { revealAndHold } from '../../../lib/clear-spot';
import { orgPagePath } from '../../org-pages';
import { boardQuery } from '../api';
import { myCellsOn } from '../board-entries';
import { type BoardScreen, boardScreenAt, boardSlugAt, nextBoardScreen } from '../board-screens';
import { EntryForm, FreeEntryForm, SupportButtons } from '../components/board-entry-forms';
import { BoardGrid, useFlash } from '../components/board-grid';
import { EntriesClosed, entriesClosed, useKeptHeight } from '../components/entries-closed';
import { boardRulesPath } from '../components/entry-fields';
import { LiveScore, resultSourceText } from '../components/live-score';
import { PaymentReturn, paidEntryOf, usePaymentReturn } from '../components/payment-return';
import { SharePanel } from '../components/share-panel';
import { UnpaidEntries } from '../components/unpaid-entries';
import { VerifyDraw } from '../components/verify-draw';
import { useLiveBoard } from '../live';

/**
 * The board a board screen at `path` shows, for the route's loader to ask for alongside this module, so the board
 * is on its way before the screen renders (and, for a named screen, the server preloads it with the HTML).
 */
export const boardQueryAt = (path: string, slug?: string) => boardQuery(boardSlugAt(path, slug));

/** The board's legal mode in words, shown under its title. */
const modeText = (board: BoardView) =>
  board.mode === 'sweepstakes'
    ? 'Sweepstakes: no purchase necessary'
    : board.mode === 'charitable-raffle'
      ? `Charitable raffle run by ${board.legal.legalName ?? board.organization}`
      : 'Free to play';

/**
 * The board's place while it loads, laid out as it will be (the entry form, then the grid: side by side from lg
 * up) and about as tall, so the page below (the footer on a phone) does not move when the board arrives.
 */
function BoardSkeleton() {
  return (
    <div aria-busy="true" className="grid min-w-0 gap-6 lg:grid-cols-[22rem_1fr]">
      <Skeleton className="h-[34rem]" />
      <Skeleton className="aspect-square" />
    </div>
  );
}

/** Room left above the fan's code after an entry, for the header and a toast. */
const REVEAL_ROOM_ABOVE = 176;

/** A game board screen: entry form, the live 10x10 grid with the flash, prize rules and the draw check. */
export function BoardPage() {
  const { pathname } = useLocation();
  const { slug = '' } = useParams();
  // A named board screen (e.g. /east-game-board); on /boards/:slug a game's next board keeps its first
  // board's screen, and any other board gets one made from the board itself.
  const known = boardScreenAt(pathname) ?? nextBoardScreen(slug);
  const board = useLiveBoard(boardSlugAt(pathname, slug));
  const screen: BoardScreen = known ?? {
    slug,
    title: board.data ? `${board.data.game.teamA} vs ${board.data.game.teamB}` : 'Game board',
    backTo: paths.sports,
    backLabel: 'Back to Sports',
    rowLabel: board.data?.game.teamB ?? '',
    submitLabel: 'Submit Entry',
    successTitle: 'Game Entry Created!',
  };
  const [entered, setEntered] = useState<EntryCreated | null>(null);
  // Why the code is not the nickname's own, beside the code rather than in the passing toast.
  const [codeNote, setCodeNote] = useState<string | null>(null);
  const onEntered = (entry: EntryCreated, note: string | null) => {
    setEntered(entry);
    setCodeNote(note);
  };
  // A paid entry's checkout returns here with its session id.
  const returnedFrom = useSearchParams()[0].get('session_id');
  // A paid entry lands on its confirmation rather than on an empty form; the fan may enter again.
  const paidEntry = paidEntryOf(usePaymentReturn(returnedFrom).data);
  const [enterAgain, setEnterAgain] = useState(false);
  const [freeOpen, setFreeOpen] = useState(false);
  // A locked, settled, cancelled or voided board shows no entry form (nor the free entry's button).
  const closed = board.data ? entriesClosed(board.data.status) : false;
  const [entryArea, entryAreaHeight] = useKeptHeight(board.data !== undefined && !closed);
  const flash = useFlash(entered?.cells[0] ?? paidEntry?.cells[0] ?? null);
  // After an entry, the fan's code and its first cell come into view together, and stay there while the page settles.
  useEffect(() => {
    if (!entered) return;
    const shown = () =>
      [
        document.querySelector('[data-testid="my-code"]'),
        document.querySelector(`td[data-cell="${entered.cells[0]}"]`),
      ].filter((e) => e !== null);
    return revealAndHold(shown, REVEAL_ROOM_ABOVE);
  }, [entered]);
  // The fan's cells as the board shows them: a hold that ended unpaid highlights nothing.
  const boardCells = board.data?.cells;
  const mine = useMemo(() => {
    const cells = boardCells ? myCellsOn(screen.slug, boardCells) : [];
    return new Set([...cells, ...(entered?.cells ?? []), ...(paidEntry?.cells ?? [])]);
  }, [screen.slug, boardCells, entered, paidEntry]);

  return (
    <Page title={screen.title} className="flex flex-col gap-6">
      {/* The team's Fan Page sits in the page beside Back, never floating over the form, the grid or the draw. */}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackLink to={screen.backTo}>{screen.backLabel}</BackLink>
        {screen.supportTeam && (
          <ButtonLink to={paths.fanPage} variant="outline" data-testid="fan-page-link">
            Fan Page
          </ButtonLink>
        )}
      </div>
      <header>
        <h1 className="text-3xl font-black text-white sm:text-4xl">{screen.title}</h1>
        {board.data && (
          <p className="mt-1 wrap-anywhere text-slate-300">
            {board.data.format} board · {board.data.entryCount} of {board.data.capacity} entries ·{' '}
            <span data-testid="board-status">{board.data.status}</span> · supports {board.data.organization}
          </p>
        )}
        {board.data && (
          <p className="mt-1 text-sm text-slate-300">
            <span data-testid="board-mode">{modeText(board.data)}</span> ·{' '}
            <Link to={boardRulesPath(board.data.slug)} className="font-semibold text-brand-300 underline">
              Official rules
            </Link>{' '}
            · Run by{' '}
            <Link
              to={orgPagePath(board.data.runBy.slug)}
              className="font-semibold text-brand-300 underline"
              data-testid="board-run-by"
            >
              {board.data.runBy.name}
            </Link>
          </p>
        )}
      </header>
      {board.isError ? (
        <LoadFailed message="We couldn't load this board." onRetry={() => void board.refetch()} />
      ) : !board.data ? (
        <BoardSkeleton />
      ) : (
        <>
          {board.data.notice && (
            <p
              role="status"
              data-testid="board-notice"
              className="rounded-2xl border border-amber-400/60 bg-amber-950/60 p-4 font-semibold text-amber-100"
            >
              {board.data.notice}
            </p>
          )}
          <LiveScore board={board.data} />
          <div className="grid min-w-0 gap-6 lg:grid-cols-[22rem_1fr]">
            <div className="flex min-w-0 flex-col gap-6">
              {returnedFrom ? (
                <PaymentReturn sessionId={returnedFrom} board={board.data} />
              ) : (
                <UnpaidEntries board={board.data} />
              )}
              <div ref={entryArea} className="flex flex-col gap-6">
                {closed ? (
                  <EntriesClosed board={board.data} minHeight={entryAreaHeight} />
                ) : (
                  <>
                    {paidEntry && !enterAgain && !entered ? (
                      <Button variant="secondary" onClick={() => setEnterAgain(true)}>
                        Make another entry
                      </Button>
                    ) : (
                      <EntryForm board={board.data} screen={screen} onEntered={onEntered} />
                    )}
                    {board.data.legal.freeEntryOffered &&
                      (freeOpen ? (
                        <FreeEntryForm board={board.data} onEntered={onEntered} />
                      ) : (
                        // The free method of entry opens on request, so the page leads with one form.
                        <Button variant="outline" onClick={() => setFreeOpen(true)}>
                          No purchase necessary: enter for free
                        </Button>
                      ))}
                  </>
                )}
              </div>
              {entered && screen.supportTeam && (
                <SupportButtons screen={screen} entered={entered} organization={board.data.organization} />
              )}
            </div>
            <div className="flex min-w-0 flex-col gap-6">
              {/* Directly above the grid, so the fan's code and its cells fit in one window on any screen. */}
              {entered && (
                <p
                  role="status"
                  data-keep-visible
                  className="rounded-2xl border border-brand-500/40 bg-brand-500/10 p-4 text-sm text-brand-100"
                >
                  You're in with code <strong data-testid="my-code">{entered.code}</strong> (ticket{' '}
                  {entered.ticketNumber}
                  ). {codeNote && <span data-testid="code-note">{codeNote} </span>}
                  <Link to={paths.entered} className="underline">
                    Your entries
                  </Link>
                </p>
              )}
              <div data-keep-visible className="min-w-0">
                <BoardGrid board={board.data} mine={mine} flash={flash} rowLabel={screen.rowLabel} />
              </div>
              <PanelSection id="prizes" title="Prizes and rules">
                <ul className="mt-2 grid gap-1 text-sm text-slate-200 sm:grid-cols-2">
                  {periodPrizes(board.data.prizeTable, board.data.results).map((p) => {
                    const result = board.data.results.find((r) => r.period === p.key);
                    return (
                      <li key={p.key} data-prize-period={p.key}>
                        {p.label}: {p.amountText}
                        {p.resultText && ` · ${p.resultText}`}
                        {result && (
                          <span className="block text-xs text-slate-400">{resultSourceText[result.source]}</span>
                        )}
                        {result?.correctedAt && (
                          <span className="block text-xs text-amber-300" data-testid="result-corrected">
                            {correctedResultText}
                          </span>
                        )}
                      </li>
                    );
                  })}
                </ul>
                <p className="mt-3 text-sm text-slate-300">{boardRulesText(board.data.prizeTable.map((p) => p.key))}</p>
                <p className="mt-2 text-sm text-slate-300" data-testid="unfilled-rule">
                  {unfilledRulesText(board.data.unfilled.policy, board.data.unfilled.minEntries)}
                </p>
                {board.data.paymentRequired && (
                  <p className="mt-2 text-sm text-amber-200">{paidBoardRulesText(board.data.holdMinutes)}</p>
                )}
                {board.data.claimWindowDays !== undefined && (
                  <p data-testid="claim-rules" className="mt-2 text-sm text-slate-300">
                    {claimRulesText(board.data.claimWindowDays, board.data.payoutMethods ?? [])}
                  </p>
                )}
              </PanelSection>
              <VerifyDraw board={board.data} />
              <SharePanel slug={board.data.slug} title={screen.title} />
            </div>
          </div>
        </>
      )}
    </Page>
  );
}
