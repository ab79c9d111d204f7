import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { markPaidBodySchema, type Prize, type PrizeState, prizeStates } from '../../../../shared/contracts/prizes';
import { formatDayTime } from '../../../../shared/domain/en-us';
import { formatCents } from '../../../../shared/domain/money';
import { claimChoiceLabels, prizeStateLabels, taxReportableExplanation } from '../../../../shared/domain/prizes';
import { Skeleton } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { messageOf } from '../../../lib/form';
import { type PayoutFlag, payoutsCsvUrl, payoutsQuery, useMarkPrizePaid, useMarkPrizeReviewed } from '../api';
import { useBoardOpsApi } from '../api-scope';
import { Empty, ExportLink, Loaded, Stat, TableBox, TableHead, td, tr } from './admin-ui';
import { ClaimCodeDialog, PaidInCashDialog } from './payout-venue';
import { PrizeFieldDialog } from './prize-field-dialog';

const stateOptions = prizeStates.map((s) => ({ value: s, label: prizeStateLabels[s] }));
const flagOptions = [
  { value: 'needsReview', label: 'Needs review' },
  { value: 'taxReportable', label: 'Tax form (W-2G)' },
];

/**
 * The payout ledger (docs/product.md#prize-screens): every prize of one board (`board`) or of all boards,
 * with its winner, state, method and payment; the totals; 'Mark paid' on a claimed prize with the organizer's
 * reference; and the CSV export.
 */
export function Payouts({ board = '', headingLevel = 2 }: { board?: string; headingLevel?: 2 | 3 }) {
  const [state, setState] = useState<PrizeState | ''>('');
  const [flag, setFlag] = useState<PayoutFlag>('');
  const api = useBoardOpsApi();
  const payouts = useQuery(payoutsQuery(api, board, state, flag));
  const [paying, setPaying] = useState<Prize | null>(null);
  const [venue, setVenue] = useState<{ prize: Prize; action: VenueAction } | null>(null);
  const markReviewed = useMarkPrizeReviewed();
  const { toast } = useToast();
  const reviewed = async (prize: Prize) => {
    try {
      await markReviewed.mutateAsync({ id: prize.id });
      toast({ title: 'Marked reviewed', description: `${prize.periodLabel} (${prize.code})`, variant: 'success' });
    } catch (err) {
      toast({ title: 'Could not mark reviewed', description: messageOf(err), variant: 'error' });
    }
  };
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = board ? `payouts-${board}` : 'payouts';
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Heading id={headingId} className="text-lg font-bold text-white">
          {board ? 'Payouts' : 'Payouts across boards'}
        </Heading>
        <div className="flex flex-wrap items-end gap-2">
          <Select
            label="State"
            placeholder="All states"
            options={stateOptions}
            value={state}
            onChange={(e) => setState(e.target.value as PrizeState | '')}
          />
          <Select
            label="Flag"
            placeholder="All prizes"
            options={flagOptions}
            value={flag}
            onChange={(e) => setFlag(e.target.value as PayoutFlag)}
          />
          <ExportLink href={payoutsCsvUrl(api, board, state, flag)}>Download payouts CSV</ExportLink>
        </div>
      </div>
      <Loaded query={payouts} placeholder={<Skeleton className="h-40" />}>
        {({ totals, prizes }) => (
          <>
            {totals.needsReviewCount > 0 && (
              <p
                role="status"
                className="rounded-2xl border border-amber-400/60 bg-amber-400/10 p-4 text-sm font-semibold text-amber-100"
              >
                {totals.needsReviewCount === 1
                  ? '1 prize needs review: '
                  : `${totals.needsReviewCount} prizes need review: `}
                a period was re-scored after its prize was claimed. Check each before paying, then mark it reviewed.
              </p>
            )}
            <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
              <Stat label="Owed" value={formatCents(totals.owedCents)} />
              <Stat label="Paid" value={formatCents(totals.paidCents)} />
              <Stat label="Given back" value={formatCents(totals.givenBackCents)} />
              <Stat label="Expired" value={formatCents(totals.expiredCents)} />
              <Stat label="To review" value={String(totals.needsReviewCount)} />
              <Stat label="Tax form" value={String(totals.taxReportableCount)} hint="$600 and over" />
            </dl>
            {prizes.length === 0 ? (
              <Empty>{state || flag ? 'No prizes match these filters.' : 'No prizes yet.'}</Empty>
            ) : (
              <PayoutsTable
                prizes={prizes}
                showBoard={!board}
                onPay={setPaying}
                onVenue={(prize, action) => setVenue({ prize, action })}
                onReviewed={(p) => void reviewed(p)}
              />
            )}
          </>
        )}
      </Loaded>
      {paying && <MarkPaidDialog prize={paying} onClose={() => setPaying(null)} />}
      {venue?.action === 'code' && <ClaimCodeDialog prize={venue.prize} onClose={() => setVenue(null)} />}
      {venue?.action === 'cash' && <PaidInCashDialog prize={venue.prize} onClose={() => setVenue(null)} />}
    </section>
  );
}

/** The prize table's columns; a list across boards starts with the board's. */
const prizeColumns = ['Period', 'Code', 'Nickname', 'Prize', 'State', 'Method', 'Claimed', 'Paid', 'Reference'];

/** What an organizer does at the venue for a winner: show the prize's claim code, or record it paid in cash. */
type VenueAction = 'code' | 'cash';

function PayoutsTable({
  prizes,
  showBoard,
  onPay,
  onVenue,
  onReviewed,
}: {
  prizes: Prize[];
  showBoard: boolean;
  onPay: (prize: Prize) => void;
  onVenue: (prize: Prize, action: VenueAction) => void;
  onReviewed: (prize: Prize) => void;
}) {
  return (
    <TableBox label="Prizes" minWidth="min-w-[60rem]">
      <TableHead columns={showBoard ? ['Board', ...prizeColumns] : prizeColumns} actions />
      <tbody>
        {prizes.map((p) => (
          <tr key={p.id} className={tr} data-prize-id={p.id}>
            {showBoard && <td className={td}>{p.boardTitle}</td>}
            <td className={td}>{p.periodLabel}</td>
            <td className={`${td} font-mono`}>{p.code}</td>
            <td className={td}>{p.winnerNickname}</td>
            <td className={td}>
              {formatCents(p.prizeCents)}
              {p.taxReportable && (
                <span className="mt-1 block min-w-40 max-w-[14rem] text-xs text-slate-300">
                  <span className="mr-1 inline-block rounded-full bg-sky-400/20 px-2 py-0.5 font-bold text-sky-100">
                    Tax form
                  </span>
                  {taxReportableExplanation}
                </span>
              )}
            </td>
            <td className={td}>
              {prizeStateLabels[p.state]}
              {p.needsReview && (
                <span className="mt-1 block min-w-48 max-w-[18rem] rounded-lg border border-amber-400/60 bg-amber-400/10 p-2 text-xs text-amber-100">
                  <strong className="block font-bold uppercase tracking-wide">Needs review</strong>
                  {p.reviewNote}
                </span>
              )}
            </td>
            <td className={td}>
              {p.method ? claimChoiceLabels[p.method] : '—'}
              {p.handle && <span className="block whitespace-pre-line text-xs text-slate-400">{p.handle}</span>}
            </td>
            <td className={`${td} whitespace-nowrap`}>{p.claimedAt ? when(p.claimedAt) : '—'}</td>
            <td className={`${td} whitespace-nowrap`}>{p.paidAt ? when(p.paidAt) : '—'}</td>
            <td className={td}>
              {p.paidReference ?? '—'}
              {p.receivedBy && <span className="block text-xs text-slate-300">Received by {p.receivedBy}</span>}
            </td>
            <td className={td}>
              {p.needsReview && (
                <PrizeAction prize={p} onClick={() => onReviewed(p)}>
                  Mark reviewed
                </PrizeAction>
              )}
              <div className="flex flex-col items-stretch gap-2">
                {p.state === 'unclaimed' && (
                  <PrizeAction prize={p} onClick={() => onVenue(p, 'code')}>
                    Show claim code
                  </PrizeAction>
                )}
                {p.state === 'claimed' && !p.needsReview && (
                  <PrizeAction prize={p} onClick={() => onPay(p)}>
                    Mark paid
                  </PrizeAction>
                )}
                {(p.state === 'unclaimed' || p.state === 'claimed') && !p.needsReview && (
                  <PrizeAction prize={p} onClick={() => onVenue(p, 'cash')}>
                    Paid in cash
                  </PrizeAction>
                )}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </TableBox>
  );
}

/** A row's button; screen readers hear which prize it acts on. */
function PrizeAction({ prize, onClick, children }: { prize: Prize; onClick: () => void; children: string }) {
  return (
    // One line: a wrapped label would spill out of the button's height.
    <Button size="sm" variant="outline" className="whitespace-nowrap" onClick={onClick}>
      {children}
      <span className="sr-only">
        {' '}
        {prize.periodLabel} {prize.code}
      </span>
    </Button>
  );
}

const when = (iso: string) => formatDayTime(iso, 'local', { year: false });

/** 'Mark paid': the organizer types the payment's reference and confirms. */
function MarkPaidDialog({ prize, onClose }: { prize: Prize; onClose: () => void }) {
  const markPaid = useMarkPrizePaid();
  return (
    <PrizeFieldDialog
      title={`Mark ${formatCents(prize.prizeCents)} paid?`}
      description={`${prize.boardTitle} · ${prize.periodLabel} · ${prize.code} (${prize.winnerNickname}) · ${
        prize.method ? claimChoiceLabels[prize.method] : ''
      }`}
      schema={markPaidBodySchema}
      field={{
        name: 'reference',
        id: 'payout-reference',
        label: 'Payment reference',
        hint: 'A check number, a transfer id or who handed it over',
      }}
      save={(reference) => markPaid.mutateAsync({ id: prize.id, reference })}
      done={(reference) => ({
        title: 'Marked paid',
        description: `${prize.periodLabel} (${prize.code}): ${reference}`,
      })}
      submitLabel="Mark paid"
      busyLabel="Marking paid…"
      onClose={onClose}
    />
  );
}
