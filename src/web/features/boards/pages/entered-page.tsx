import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { MyEntryView } from '../../../../shared/contracts/board-responses';
import { describeCells } from '../../../../shared/domain/cells';
import { formatNumericDateTime } from '../../../../shared/domain/en-us';
import { formatCents } from '../../../../shared/domain/money';
import { paths } from '../../../app/paths';
import { BackLink } from '../../../components/layout/back-link';
import { LoadFailed, Page, Skeleton } from '../../../components/layout/page';
import { CustomEntriesSection, customEntriesQuery } from '../../baseball';
import { myEntriesQuery } from '../api';
import { myEntries, unpaidEntryNote } from '../board-entries';
import { EntryPrizes } from '../components/entry-prizes';
import { EntryStatusBadge } from '../components/entry-status-badge';
import { useLiveEntries } from '../entries-live';

/**
 * One grey card per entry this browser knows of (at least one), each about an entry's height, so the list does
 * not push the page down when it arrives.
 */
function EntriesSkeleton() {
  const count = Math.max(1, myEntries().length);
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      {Array.from({ length: count }, (_, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={n} className="h-26 sm:h-22" />
      ))}
    </div>
  );
}

/** What a paid board's entry that holds no money yet says under its status. */
const paymentNotes: Partial<Record<MyEntryView['status'], string>> = {
  'Awaiting payment': 'Your cells are held while the checkout is open. The entry counts once payment is received.',
  'Not paid': unpaidEntryNote,
};

/** The viewer's entries (this browser's tickets, plus the account's when signed in) with real statuses. */
export function EnteredPage() {
  const entries = useQuery(myEntriesQuery());
  const custom = useQuery(customEntriesQuery);
  const hasCustom = (custom.data?.entries.length ?? 0) > 0;
  // Statuses change as the boards lock, score and settle: followed live, without a reload.
  useLiveEntries(entries.data);
  return (
    <Page title="Your entries" className="flex max-w-3xl flex-col gap-6">
      <BackLink to={paths.sports}>Back to Sports</BackLink>
      <h1 className="text-3xl font-black text-white">Your entries</h1>
      {entries.isError ? (
        <LoadFailed message="We couldn't load your entries." onRetry={() => void entries.refetch()} />
      ) : !entries.data ? (
        <EntriesSkeleton />
      ) : entries.data.length === 0 ? (
        <div className="rounded-2xl border border-ink-700 bg-ink-850 p-6 text-center text-slate-300">
          {/* With custom game entries listed below, only the boards are empty. */}
          <p>{hasCustom ? 'No board entries yet' : 'No games entered yet'}</p>
          <Link to={paths.gameBoard} className="mt-2 inline-block font-semibold text-brand-300 underline">
            Join the Thunder vs Timberwolves board
          </Link>
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {entries.data.map((e) => (
            <li
              key={e.ticketNumber}
              data-ticket={e.ticketNumber}
              className="rounded-2xl border border-ink-700 bg-ink-850 p-4"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-bold text-white">
                  <Link to={`${paths.boards}/${e.boardSlug}`} className="underline-offset-4 hover:underline">
                    {e.game.teamA} vs {e.game.teamB}
                  </Link>
                </p>
                <EntryStatusBadge status={e.status} />
              </div>
              <p className="mt-1 text-sm text-slate-300">
                {formatNumericDateTime(e.game.startsAt, 'local')} · code{' '}
                <strong className="text-white">{e.code}</strong> · ticket {e.ticketNumber}
                {e.amountCents !== null && ` · ${formatCents(e.amountCents)}`}
              </p>
              {e.status in paymentNotes && (
                <p className="mt-1 text-sm text-amber-100" data-testid="entry-payment-note">
                  {paymentNotes[e.status]}
                </p>
              )}
              {e.cells.length > 0 && (
                <p className="mt-1 text-sm text-slate-300" data-testid="entry-cells">
                  {e.cells.length === 1 ? 'Cell' : 'Cells'}: {describeCells(e.game, e.cells, e.axes)}
                </p>
              )}
              {e.donationCommitmentCents !== null && (
                <p className="mt-1 text-sm text-slate-200">
                  Donation commitment {formatCents(e.donationCommitmentCents)} (a gift apart from the entry) ·{' '}
                  <Link
                    to={`${paths.donationSuccess}?ticket=${e.ticketNumber}`}
                    className="font-semibold text-brand-300 underline"
                  >
                    Entry summary
                  </Link>
                </p>
              )}
              {e.prizes && e.prizes.length > 0 ? (
                <EntryPrizes prizes={e.prizes} />
              ) : (
                e.wins.length > 0 && (
                  <p className="mt-1 text-sm text-court-400">
                    Won {formatCents(e.wins.reduce((s, w) => s + w.prizeCents, 0))} (
                    {e.wins.map((w) => w.label).join(', ')})
                  </p>
                )
              )}
            </li>
          ))}
        </ul>
      )}
      <CustomEntriesSection />
    </Page>
  );
}
