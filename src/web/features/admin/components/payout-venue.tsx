import { useEffect, useRef, useState } from 'react';
import {
  type ClaimCode,
  ORGANIZER_CODE_DIGITS,
  type Prize,
  paidInCashBodySchema,
  VENUE_CASH_REFERENCE,
} from '../../../../shared/contracts/prizes';
import { formatNumericDateTime } from '../../../../shared/domain/en-us';
import { formatCents } from '../../../../shared/domain/money';
import { Skeleton } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { messageOf } from '../../../lib/form';
import { usePayInCash, useShowClaimCode } from '../api';
import { PrizeFieldDialog } from './prize-field-dialog';

/** The code in two groups of four, as it is read out: '4821 9063'. */
export const spacedCode = (code: string) => code.replace(/^(\d{4})(\d{4})$/, '$1 $2');

const prizeLine = (prize: Prize) =>
  `${formatCents(prize.prizeCents)} · ${prize.boardTitle} · ${prize.periodLabel} · ${prize.code} (${prize.winnerNickname})`;

/**
 * 'Show claim code': for a winner who has no phone or email, the prize's claim code with its link and QR, to
 * read out or print (the request is audited). The winner opens the link (or scans it) and types the code where
 * the page asks for the code we text.
 */
export function ClaimCodeDialog({ prize, onClose }: { prize: Prize; onClose: () => void }) {
  const show = useShowClaimCode();
  const { mutate } = show;
  const [shown, setShown] = useState<ClaimCode | null>(null);
  // Asked once per opening (each showing is audited), also where effects run twice in development.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (asked.current === prize.id) return;
    asked.current = prize.id;
    mutate(prize.id, { onSuccess: setShown });
  }, [mutate, prize.id]);
  return (
    <Dialog open onClose={onClose} title="Claim code" description={prizeLine(prize)}>
      <div className="fg-print-slip flex flex-col gap-4">
        {show.isError ? (
          <p role="alert" className="text-sm font-semibold text-red-300">
            {messageOf(show.error)}
          </p>
        ) : !shown ? (
          // The slip's size as it will be, so nothing moves when the code arrives.
          <Skeleton className="h-[21rem]" />
        ) : (
          <>
            {/* On paper the dialog's title is not printed: the slip names the prize itself. */}
            <div className="hidden print:block">
              <p className="text-lg font-bold">FanGrid prize claim code</p>
              <p className="text-sm">{prizeLine(shown.prize)}</p>
            </div>
            <p className="text-sm text-slate-200">
              Read it out or print it. On the claim page the winner types this {ORGANIZER_CODE_DIGITS}-digit code where
              it asks for a texted code, then chooses how to receive the prize, by{' '}
              {formatNumericDateTime(shown.prize.expiresAt, 'local')}.
            </p>
            <p
              className="rounded-xl border border-ink-600 bg-ink-950 p-3 text-center font-mono text-3xl font-black tracking-widest text-white"
              data-testid="claim-code"
            >
              <span aria-hidden="true">{spacedCode(shown.code)}</span>
              {/* Read digit by digit, as it is read out. */}
              <span className="sr-only">Claim code {shown.code.split('').join(' ')}</span>
            </p>
            <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
              <img
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(shown.qrSvg)}`}
                alt="QR code of the claim link"
                width={160}
                height={160}
                className="size-40 shrink-0 rounded-lg bg-white"
              />
              <p className="min-w-0 text-sm text-slate-300">
                Claim link:{' '}
                <a href={shown.claimUrl} className="break-all font-semibold text-brand-300 underline">
                  {shown.claimUrl}
                </a>
              </p>
            </div>
          </>
        )}
        <div className="fg-no-print flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Done
          </Button>
          <Button disabled={!shown} onClick={() => window.print()}>
            Print
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/**
 * 'Paid in cash': the organizer handed the prize over at the venue and types who received it. The prize is then
 * paid (picked up, 'Cash at the venue'), audited.
 */
export function PaidInCashDialog({ prize, onClose }: { prize: Prize; onClose: () => void }) {
  const pay = usePayInCash();
  return (
    <PrizeFieldDialog
      title={`Paid ${formatCents(prize.prizeCents)} in cash?`}
      description={prizeLine(prize)}
      intro={
        <p className="text-sm text-slate-300">
          The prize becomes paid: picked up, “{VENUE_CASH_REFERENCE}”, now. Only once the cash has been handed over.
        </p>
      }
      schema={paidInCashBodySchema}
      field={{
        name: 'receivedBy',
        id: 'paid-in-cash-received-by',
        label: 'Received by',
        hint: 'The name of the person who took the cash',
        autoComplete: 'off',
      }}
      save={(receivedBy) => pay.mutateAsync({ id: prize.id, receivedBy })}
      done={(receivedBy) => ({
        title: 'Paid in cash',
        description: `${prize.periodLabel} (${prize.code}) received by ${receivedBy}`,
      })}
      submitLabel="Record paid in cash"
      busyLabel="Recording…"
      onClose={onClose}
    />
  );
}
