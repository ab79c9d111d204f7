import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { PublicPrize } from '../../../../shared/contracts/prize-responses';
import { formatNumericDateTime } from '../../../../shared/domain/en-us';
import { formatCents } from '../../../../shared/domain/money';
import { claimChoiceLabels, prizeStateLabels } from '../../../../shared/domain/prizes';
import { paths } from '../../../app/paths';
import { BackLink } from '../../../components/layout/back-link';
import { Page, Skeleton } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import { ApiClientError } from '../../../lib/api-client';
import { messageOf } from '../../../lib/form';
import { claimQuery } from '../api';
import { ClaimForm, type ClaimView, closedLink } from '../components/claim-form';

/** A winner claims a prize: proves they hold the entry, then chooses how to receive it (or gives it back). */
export function ClaimPage() {
  const { token = '' } = useParams();
  const claim = useQuery(claimQuery(token));
  const [closed, setClosed] = useState<number | null>(null);
  const [done, setDone] = useState<PublicPrize | null>(null);
  const status = closed ?? (claim.error instanceof ApiClientError ? claim.error.status : null);

  return (
    <Page title="Claim your prize" className="flex max-w-2xl flex-col gap-6">
      <BackLink to={paths.entered}>Your entries</BackLink>
      <h1 className="text-3xl font-black text-white">Claim your prize</h1>
      {status !== null && closedLink[status] ? (
        <ClosedLink {...(closedLink[status] as { title: string; body: string })} />
      ) : claim.isError ? (
        <div role="alert" className="rounded-2xl border border-red-400/40 bg-red-950/40 p-5 text-red-100">
          <p className="font-semibold">{messageOf(claim.error)}</p>
          <Button variant="danger" className="mt-3" onClick={() => void claim.refetch()}>
            Try again
          </Button>
        </div>
      ) : !claim.data ? (
        <Skeleton className="h-[34rem]" />
      ) : done ? (
        <Confirmation prize={done} />
      ) : (
        <>
          <PrizeSummary claim={claim.data} />
          {claim.data.state === 'unclaimed' ? (
            <ClaimForm token={token} claim={claim.data} onDone={setDone} onClosed={setClosed} />
          ) : (
            <p className="rounded-2xl border border-ink-700 bg-ink-850 p-5 text-slate-200">
              This prize is {prizeStateLabels[claim.data.state].toLowerCase()}: it can no longer be claimed here.
            </p>
          )}
        </>
      )}
    </Page>
  );
}

function ClosedLink({ title, body }: { title: string; body: string }) {
  return (
    <div role="alert" className="rounded-2xl border border-amber-400/40 bg-amber-950/30 p-5 text-amber-50">
      <h2 className="text-lg font-bold">{title}</h2>
      <p className="mt-1 text-sm">{body}</p>
    </div>
  );
}

function PrizeSummary({ claim }: { claim: ClaimView }) {
  return (
    <section aria-labelledby="claim-prize" className="rounded-2xl border border-ink-700 bg-ink-850 p-5">
      <h2 id="claim-prize" className="text-sm font-semibold uppercase tracking-wide text-slate-300">
        Your prize
      </h2>
      <p className="mt-1 text-4xl font-black text-court-400">{formatCents(claim.prizeCents)}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-400">Board</dt>
        <dd className="text-white">{claim.boardTitle}</dd>
        <dt className="text-slate-400">Period</dt>
        <dd className="text-white">{claim.periodLabel}</dd>
        <dt className="text-slate-400">Your code</dt>
        <dd className="font-mono font-bold text-white">{claim.code}</dd>
        <dt className="text-slate-400">Claim by</dt>
        <dd className="text-white">
          <time dateTime={claim.expiresAt}>{formatNumericDateTime(claim.expiresAt, 'local')}</time>
        </dd>
      </dl>
    </section>
  );
}

function Confirmation({ prize }: { prize: PublicPrize }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const givenBack = prize.state === 'given-back';
  return (
    <section className="rounded-2xl border border-court-500/50 bg-ink-850 p-6" aria-labelledby="claim-done">
      <h2 id="claim-done" ref={heading} tabIndex={-1} className="text-2xl font-black text-white outline-none">
        {givenBack ? 'Given back to the cause. Thank you!' : 'Prize claimed'}
      </h2>
      <p className="mt-2 text-slate-200">
        {formatCents(prize.prizeCents)} · {prize.boardTitle} · {prize.periodLabel} · code{' '}
        <strong className="font-mono">{prize.code}</strong>
      </p>
      <p className="mt-2 text-slate-200">
        State: <strong className="text-white">{prizeStateLabels[prize.state]}</strong>
        {prize.method && prize.method !== 'give-back' && ` · ${claimChoiceLabels[prize.method]}`}
      </p>
      {!givenBack && (
        <p className="mt-2 text-sm text-slate-300">
          The organizer pays it out and marks it paid; your entries show it.
        </p>
      )}
    </section>
  );
}
