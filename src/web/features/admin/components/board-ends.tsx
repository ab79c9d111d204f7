import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import type { AdminBoardSummary } from '../../../../shared/contracts/admin';
import { type BoardEndPreview, voidBoardSchema } from '../../../../shared/contracts/board-ends';
import { VOID_REASON_MAX } from '../../../../shared/domain/board-ends';
import { formatCents } from '../../../../shared/domain/money';
import { QueryFailed } from '../../../components/layout/query-failed';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/textarea';
import { useToast } from '../../../components/ui/toast';
import { messageOf, useSchemaForm } from '../../../lib/form';
import { boardEndPreviewQuery, useVoidBoard } from '../api';
import { useBoardOpsApi } from '../api-scope';
import { ConfirmDialog, TableBox, TableHead, td, tr } from './admin-ui';

/** 'entry' or 'entries', 'entrant' or 'entrants'. */
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What cancelling does to the board's money and people, in the server's figures. */
export function cancelFigures(p: BoardEndPreview): string[] {
  const { refunds, cashToReturn, nothingOwed } = p.cancel;
  const lines = [
    refunds.count > 0
      ? `${count(refunds.count, 'paid entry', 'paid entries')} (${formatCents(refunds.cents)}) will be refunded in full through checkout.`
      : 'No entry is paid through checkout: nothing is refunded.',
  ];
  if (cashToReturn.count > 0) {
    lines.push(
      `${formatCents(cashToReturn.cents)} of collected cash (${count(cashToReturn.count, 'entry', 'entries')}) will be marked to return to its entrants.`,
    );
  }
  if (nothingOwed > 0) {
    lines.push(`${count(nothingOwed, 'entry', 'entries')} owe nothing (free, or a pledge not collected).`);
  }
  lines.push(toldLine(p));
  return lines;
}

/** Who hears about it, in the server's figures. */
function toldLine(p: BoardEndPreview): string {
  const { entries, reached, unreachable } = p.told;
  if (entries === 0) return 'Nobody has entered, so nobody is told.';
  if (reached === 0) {
    const who = entries === 1 ? 'The one entrant cannot' : `None of the ${entries} entrants can`;
    return `${who} be told: no email or phone with text consent was given.`;
  }
  const told = `${count(reached, 'entrant')} will be told by email or text`;
  return unreachable > 0 ? `${told}; ${count(unreachable, 'entrant')} left no way to reach them.` : `${told}.`;
}

/** What locking does now: the draw, the digits texted, or (under the board's minimum) a cancel and its refunds. */
export function lockText(p: BoardEndPreview): { description: string; figures: string[]; cancels: boolean } {
  if (p.lock.outcome === 'play') {
    return {
      description:
        'Entries close at once and the row and column digits are drawn and shown on the public board for good. This cannot be undone.',
      figures: [`${count(p.lock.digitsTexted, 'entrant')} with text consent will be texted their numbers.`],
      cancels: false,
    };
  }
  const why =
    p.lock.outcome === 'cancel-empty'
      ? 'Nobody has entered'
      : `It has ${count(p.lock.entries, 'entry', 'entries')}, under its minimum of ${p.lock.minEntries ?? 1}`;
  // 'and refunded' only where money was taken: a board of free entries has nothing to give back.
  const money = p.cancel.refunds.count > 0 || p.cancel.cashToReturn.count > 0;
  return {
    description: `${why}, so this board will be cancelled${money ? ' and refunded' : ''}. This cannot be undone.`,
    figures: cancelFigures(p),
    cancels: true,
  };
}

/** The figures of a confirmation, or where they stand while they load. */
function Figures({ query, lines }: { query: ReturnType<typeof useEndPreview>; lines: string[] | null }) {
  if (query.isError) return <QueryFailed query={query} />;
  if (!lines) return <p className="text-sm text-slate-300">Counting what this changes...</p>;
  return (
    <ul data-testid="end-figures" className="list-disc space-y-1 pl-5 text-sm text-slate-100">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

const useEndPreview = (slug: string, open: boolean) =>
  useQuery({ ...boardEndPreviewQuery(useBoardOpsApi(), slug), enabled: open });

/**
 * The confirm step of Lock now and Cancel board, with what it does to money and people in the server's
 * figures; the confirm waits for them.
 */
export function EndActionDialog({
  action,
  board,
  open,
  pending,
  onClose,
  onConfirm,
}: {
  action: 'lock' | 'cancel';
  board: AdminBoardSummary;
  open: boolean;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const preview = useEndPreview(board.slug, open);
  const p = preview.data;
  const lock = p && action === 'lock' ? lockText(p) : null;
  const description =
    action === 'lock'
      ? (lock?.description ?? 'Entries close at once and the digits are drawn.')
      : 'No more entries and no winners: fans see the board as cancelled. This cannot be undone.';
  const figures = p ? (lock ? lock.figures : cancelFigures(p)) : null;
  const refusal = action === 'cancel' && p && !p.cancel.allowed ? p.cancel.refusal : null;
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={action === 'lock' ? `Lock ${board.slug} now?` : `Cancel ${board.slug}?`}
      description={description}
      keepLabel={action === 'lock' ? 'Keep it open' : 'Keep the board'}
      confirmLabel={
        action === 'lock' ? (lock?.cancels ? 'Lock and cancel the board' : 'Lock the board') : 'Cancel the board'
      }
      busyLabel={action === 'lock' ? 'Locking...' : 'Cancelling...'}
      pending={pending || !p || refusal !== null}
      variant={action === 'cancel' || lock?.cancels ? 'danger' : 'primary'}
      onConfirm={onConfirm}
    >
      {refusal ? <p className="text-sm font-semibold text-amber-200">{refusal}</p> : null}
      <Figures query={preview} lines={refusal ? null : figures} />
    </ConfirmDialog>
  );
}

const prizeStateText: Record<BoardEndPreview['void']['prizes'][number]['state'], string> = {
  paid: 'Paid',
  owed: 'Owed',
  'given-back': 'Given back',
  expired: 'Expired',
};

/**
 * The void screen: a board with a scored period can no longer be cancelled, only voided. It lists the prizes
 * that stand (paid and owed), what goes to the cause, who is told, and asks why (3 to 500 characters, what
 * the entrants read).
 */
export function VoidBoardDialog({
  board,
  open,
  onClose,
}: {
  board: AdminBoardSummary;
  open: boolean;
  onClose: () => void;
}) {
  const preview = useEndPreview(board.slug, open);
  const voiding = useVoidBoard();
  const { toast } = useToast();
  const form = useSchemaForm(voidBoardSchema, { reason: '' }, { fieldId: () => `void-reason-${board.slug}` });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = form.validate();
    if (!input) return;
    voiding.mutate(
      { slug: board.slug, ...input },
      {
        onSuccess: (b) => {
          close();
          toast({
            title: 'Board voided',
            description: `${b.slug} is voided: its scored prizes stand.`,
            variant: 'success',
          });
        },
        onError: (err) => {
          form.showServerErrors(err, ['reason']);
          toast({ title: 'Could not void the board', description: messageOf(err), variant: 'error' });
        },
      },
    );
  };
  const p = preview.data;
  const v = p?.void;
  return (
    <Dialog
      open={open}
      onClose={close}
      title={`Void ${board.slug}?`}
      description="A period is scored, so this board can no longer be cancelled. Voiding keeps the prizes of its scored periods (paid or owed as they are), awards nothing more and gives the prize money of the unscored periods to the cause. No entry is refunded."
      size="wide"
    >
      {preview.isError ? (
        <QueryFailed query={preview} />
      ) : !p || !v ? (
        <p className="text-sm text-slate-300">Counting what this changes...</p>
      ) : (
        <div data-testid="void-screen" className="flex min-w-0 flex-col gap-3">
          <TableBox label="Prizes that stand" minWidth="min-w-[18rem]">
            <TableHead columns={['Period', 'Winner', 'State', { label: 'Prize', right: true }]} />
            <tbody>
              {v.prizes.length === 0 ? (
                <tr className={tr}>
                  <td className={td} colSpan={4}>
                    No prize was won yet (every scored cell was empty).
                  </td>
                </tr>
              ) : (
                v.prizes.map((prize) => (
                  <tr key={prize.period} className={tr} data-prize={prize.period}>
                    <td className={td}>{prize.label}</td>
                    <td className={td}>
                      <span className="font-mono font-bold">{prize.code}</span> {prize.nickname}
                    </td>
                    <td className={td}>{prizeStateText[prize.state]}</td>
                    <td className={`${td} text-right`}>{formatCents(prize.prizeCents)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </TableBox>
          <ul data-testid="end-figures" className="list-disc space-y-1 pl-5 text-sm text-slate-100">
            <li>
              Prizes paid: {formatCents(v.paidCents)}; prizes owed: {formatCents(v.owedCents)}. They stand, and their
              claims still work.
            </li>
            <li>
              {v.unscored.length > 0
                ? `Not scored: ${v.unscored.map((u) => u.label).join(', ')}. `
                : 'Every period is scored. '}
              {formatCents(v.toCauseCents)} of prize money goes to {v.cause}.
            </li>
            <li>No entry is refunded, because part of the game was played.</li>
            <li>{toldLine(p)}</li>
          </ul>
          {!v.allowed && v.refusal && <p className="text-sm font-semibold text-amber-200">{v.refusal}</p>}
          <form noValidate onSubmit={submit} className="flex flex-col gap-3" aria-label="Void the board">
            <Textarea
              id={`void-reason-${board.slug}`}
              label="Why is the board voided?"
              hint={`Entrants read this. ${VOID_REASON_MAX} characters at most.`}
              rows={3}
              maxLength={VOID_REASON_MAX}
              {...form.field('reason')}
            />
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="ghost" onClick={close}>
                Keep the board
              </Button>
              <Button type="submit" variant="danger" disabled={voiding.isPending || !v.allowed}>
                {voiding.isPending ? 'Voiding...' : 'Void the board'}
              </Button>
            </div>
          </form>
        </div>
      )}
    </Dialog>
  );
}
