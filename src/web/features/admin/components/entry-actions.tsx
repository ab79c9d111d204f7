import { type ReactNode, useState } from 'react';
import { type AdminEntry, adminMessages } from '../../../../shared/contracts/admin';
import { deleteConsequence, refundConsequence } from '../../../../shared/domain/entry-removal';
import { formatCents } from '../../../../shared/domain/money';
import { Button } from '../../../components/ui/button';
import { type ToastOptions, useToast } from '../../../components/ui/toast';
import { messageOf } from '../../../lib/form';
import { useDeleteEntry, useMarkPaid, useMarkReturned, useRefundEntry, useUndoCollected } from '../api';
import { useBoardOpsApi } from '../api-scope';
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
 * The mutate callbacks of a change to an entry: a toast says it was done (`done`) or, under `failed`, why not; a
 * change confirmed in a dialog closes the dialog first, either way.
 */
function outcomeToasts(
  toast: (options: ToastOptions) => void,
  done: Omit<ToastOptions, 'variant'>,
  failed: string,
  close?: () => void,
) {
  return {
    onSuccess: () => {
      close?.();
      toast({ ...done, variant: 'success' });
    },
    onError: (err: unknown) => {
      close?.();
      toast({ title: failed, description: messageOf(err), variant: 'error' });
    },
  };
}

type OutcomeToasts = ReturnType<typeof outcomeToasts>;

/** A change made at its button's click, with no confirm step (marking a pledge collected, or undoing that). */
function ChangeNow({
  change,
  entry,
  variant,
  done,
  failed,
  children,
}: {
  change: { isPending: boolean; mutate: (id: string, callbacks: OutcomeToasts) => void };
  entry: AdminEntry;
  variant: 'outline' | 'ghost';
  done: Omit<ToastOptions, 'variant'>;
  failed: string;
  children: ReactNode;
}) {
  const { toast } = useToast();
  return (
    <Button
      size="sm"
      variant={variant}
      disabled={change.isPending}
      onClick={() => change.mutate(entry.id, outcomeToasts(toast, done, failed))}
    >
      {children}
    </Button>
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
  const { can } = useBoardOpsApi();
  // Collecting and returning cash are one permission; deleting and refunding another.
  const collects = can('entry:collect');
  const deletable = entry.deletable && can('entry:delete');
  const { toast } = useToast();
  const who = entryName(entry);
  const cellsFreed = entry.cells.length === 1 ? 'Its cell is free again at once.' : 'Its cells are free again at once.';
  const close = () => setConfirming(null);
  return (
    // One above the other: the column of buttons stays narrow, so the row fits beside it.
    <div className="flex flex-col items-stretch gap-2">
      {collects && entry.paymentState === 'pledged' && (
        <ChangeNow
          change={markPaid}
          entry={entry}
          variant="outline"
          done={{ title: 'Pledge marked collected', description: `${formatCents(entry.totalCents)} from ${who}.` }}
          failed="Could not mark it collected"
        >
          Mark collected<span className="sr-only"> for {who}</span>
        </ChangeNow>
      )}
      {/* A pledge marked collected by mistake is pledged again (audited like the marking). */}
      {collects && entry.paymentState === 'collected' && (
        <ChangeNow
          change={undo}
          entry={entry}
          variant="ghost"
          done={{
            title: 'Collected undone',
            description: `${who} is pledged again: ${formatCents(entry.totalCents)} to collect.`,
          }}
          failed="Could not undo it"
        >
          Undo collected<span className="sr-only"> for {who}</span>
        </ChangeNow>
      )}
      {collects && entry.cashState === 'to-return' && <ReturnedAction entry={entry} />}
      {deletable && entry.checkoutPaidCents > 0 && entry.removed === null && (
        <Button size="sm" variant="outline" onClick={() => setConfirming('refund')}>
          Refund<span className="sr-only"> entry {who}</span>
        </Button>
      )}
      {deletable && (
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
          remove.mutate(
            entry.id,
            outcomeToasts(
              toast,
              {
                title: adminMessages.entryDeleted,
                description:
                  entry.checkoutPaidCents > 0
                    ? `${formatCents(entry.checkoutPaidCents)} refunded to ${who}.`
                    : undefined,
              },
              'Could not delete the entry',
              close,
            ),
          )
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
          refund.mutate(
            entry.id,
            outcomeToasts(
              toast,
              {
                title: adminMessages.entryRefunded,
                description: `${formatCents(entry.checkoutPaidCents)} refunded to ${who}.`,
              },
              'Could not refund the entry',
              close,
            ),
          )
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
          returned.mutate(
            entry.id,
            outcomeToasts(
              toast,
              {
                title: adminMessages.cashReturned,
                description: `${formatCents(entry.cashCents)} handed back to ${who}.`,
              },
              'Could not mark it returned',
              () => setConfirming(false),
            ),
          )
        }
      >
        <Consequence>
          {`Record that you gave ${formatCents(entry.cashCents)} of collected cash back to the entrant. This cannot be undone.`}
        </Consequence>
      </ConfirmDialog>
    </>
  );
}
