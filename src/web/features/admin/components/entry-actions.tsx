import { useState } from 'react';
import { type AdminEntry, adminMessages } from '../../../../shared/contracts/admin';
import { deleteConsequence, refundConsequence } from '../../../../shared/domain/entry-removal';
import { formatCents } from '../../../../shared/domain/money';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { messageOf } from '../../../lib/form';
import { useDeleteEntry, useMarkPaid, useMarkReturned, useRefundEntry, useUndoCollected } from '../api';
import { ConfirmDialog } from './admin-ui';
import { entryName } from './entries-table';

/** What a dialog says will happen to the entry's money, set apart under its description. */
function Consequence({ children }: { children: string }) {
  return (
    <p className="rounded-xl border border-amber-400/40 bg-amber-400/10 p-3 text-sm text-amber-100" data-testid="money">
      {children}
    </p>
  );
}

/**
 * An entry's buttons in the entry manager: 'Mark collected' and its undo for pledges, 'Refund' for an entry
 * paid through checkout (refunded and kept, its cells free), 'Returned' for cash to return, and 'Delete'
 * until the board locks. Each dialog says what happens to the money and who is told.
 */
export function EntryActions({ entry }: { entry: AdminEntry }) {
  const [confirming, setConfirming] = useState<'delete' | 'refund' | null>(null);
  const remove = useDeleteEntry();
  const refund = useRefundEntry();
  const markPaid = useMarkPaid();
  const undo = useUndoCollected();
  const { toast } = useToast();
  const who = entryName(entry);
  const cellsFreed = entry.cells.length === 1 ? 'Its cell is free again at once.' : 'Its cells are free again at once.';
  const close = () => setConfirming(null);
  return (
    // One above the other: the column of buttons stays narrow, so the row fits beside it.
    <div className="flex flex-col items-stretch gap-2">
      {entry.paymentState === 'pledged' && (
        <Button
          size="sm"
          variant="outline"
          disabled={markPaid.isPending}
          onClick={() =>
            markPaid.mutate(entry.id, {
              onSuccess: () =>
                toast({
                  title: 'Pledge marked collected',
                  description: `${formatCents(entry.totalCents)} from ${who}.`,
                  variant: 'success',
                }),
              onError: (err) =>
                toast({ title: 'Could not mark it collected', description: messageOf(err), variant: 'error' }),
            })
          }
        >
          Mark collected<span className="sr-only"> for {who}</span>
        </Button>
      )}
      {/* A pledge marked collected by mistake is pledged again (audited like the marking). */}
      {entry.paymentState === 'collected' && (
        <Button
          size="sm"
          variant="ghost"
          disabled={undo.isPending}
          onClick={() =>
            undo.mutate(entry.id, {
              onSuccess: () =>
                toast({
                  title: 'Collected undone',
                  description: `${who} is pledged again: ${formatCents(entry.totalCents)} to collect.`,
                  variant: 'success',
                }),
              onError: (err) => toast({ title: 'Could not undo it', description: messageOf(err), variant: 'error' }),
            })
          }
        >
          Undo collected<span className="sr-only"> for {who}</span>
        </Button>
      )}
      {entry.cashState === 'to-return' && <ReturnedAction entry={entry} />}
      {entry.deletable && entry.checkoutPaidCents > 0 && entry.removed === null && (
        <Button size="sm" variant="outline" onClick={() => setConfirming('refund')}>
          Refund<span className="sr-only"> entry {who}</span>
        </Button>
      )}
      {entry.deletable && (
        <Button size="sm" variant="danger" onClick={() => setConfirming('delete')}>
          Delete<span className="sr-only"> entry {who}</span>
        </Button>
      )}
      <ConfirmDialog
        open={confirming === 'delete'}
        onClose={close}
        title="Delete this entry?"
        description={`${who} on ${entry.boardSlug}. ${entry.cells.length > 0 ? cellsFreed : 'It holds no cells.'}`}
        keepLabel="Keep it"
        confirmLabel="Delete entry"
        busyLabel="Deleting..."
        pending={remove.isPending}
        variant="danger"
        onConfirm={() =>
          remove.mutate(entry.id, {
            onSuccess: () => {
              close();
              toast({
                title: adminMessages.entryDeleted,
                description:
                  entry.checkoutPaidCents > 0
                    ? `${formatCents(entry.checkoutPaidCents)} refunded to ${who}.`
                    : undefined,
                variant: 'success',
              });
            },
            onError: (err) => {
              close();
              toast({ title: 'Could not delete the entry', description: messageOf(err), variant: 'error' });
            },
          })
        }
      >
        <Consequence>{deleteConsequence(entry)}</Consequence>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'refund'}
        onClose={close}
        title="Refund this entry?"
        description={`${who} on ${entry.boardSlug}.`}
        keepLabel="Keep it paid"
        confirmLabel={`Refund ${formatCents(entry.checkoutPaidCents)}`}
        busyLabel="Refunding..."
        pending={refund.isPending}
        onConfirm={() =>
          refund.mutate(entry.id, {
            onSuccess: () => {
              close();
              toast({
                title: adminMessages.entryRefunded,
                description: `${formatCents(entry.checkoutPaidCents)} refunded to ${who}.`,
                variant: 'success',
              });
            },
            onError: (err) => {
              close();
              toast({ title: 'Could not refund the entry', description: messageOf(err), variant: 'error' });
            },
          })
        }
      >
        <Consequence>{refundConsequence(entry)}</Consequence>
      </ConfirmDialog>
    </div>
  );
}

/** 'Returned': records that an entry's cash to return was handed back, after a confirm step (audited). */
export function ReturnedAction({ entry }: { entry: AdminEntry }) {
  const [confirming, setConfirming] = useState(false);
  const returned = useMarkReturned();
  const { toast } = useToast();
  const who = entryName(entry);
  if (entry.cashState !== 'to-return') return null;
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
        Returned<span className="sr-only"> cash to {who}</span>
      </Button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Cash handed back?"
        description={`${who} on ${entry.boardSlug}.`}
        keepLabel="Not yet"
        confirmLabel={`Mark ${formatCents(entry.cashCents)} returned`}
        busyLabel="Saving..."
        pending={returned.isPending}
        onConfirm={() =>
          returned.mutate(entry.id, {
            onSuccess: () => {
              setConfirming(false);
              toast({
                title: adminMessages.cashReturned,
                description: `${formatCents(entry.cashCents)} handed back to ${who}.`,
                variant: 'success',
              });
            },
            onError: (err) => {
              setConfirming(false);
              toast({ title: 'Could not mark it returned', description: messageOf(err), variant: 'error' });
            },
          })
        }
      >
        <Consequence>
          {`Record that you gave ${formatCents(entry.cashCents)} of collected cash back to the entrant. This cannot be undone.`}
        </Consequence>
      </ConfirmDialog>
    </>
  );
}
