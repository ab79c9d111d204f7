import { useQuery } from '@tanstack/react-query';
import { CalendarDays, MapPin, Trophy } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { EntryCreated } from '../../../../shared/contracts/board-responses';
import type { BaseballFixture } from '../../../../shared/contracts/pages/baseball';
import type { GameData } from '../../../../shared/contracts/payments';
import { fixtureGameCode } from '../../../../shared/domain/baseball';
import { paths } from '../../../app/paths';
import { BackLink } from '../../../components/layout/back-link';
import { LoadFailed, Page, Skeleton } from '../../../components/layout/page';
import { PageSection } from '../../../components/layout/page-section';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { baseballPageQuery } from '../api';
import { CustomEntryForm } from '../components/custom-entry-form';
import { JoinBoardModal } from '../components/join-board-modal';

/** Baseball (/baseball-games): All-Star recap, six fixtures with their boards, matchups, custom entry. */
export function BaseballPage() {
  const content = useQuery(baseballPageQuery);
  const [joining, setJoining] = useState<BaseballFixture | null>(null);
  const [entered, setEntered] = useState<{
    fixture: BaseballFixture;
    entry: EntryCreated;
    codeNote: string | null;
  } | null>(null);
  // The modal unmounts when it closes, so focus goes back to the button that opened it by hand.
  const opener = useRef<HTMLButtonElement | null>(null);
  const closeModal = () => {
    setJoining(null);
    requestAnimationFrame(() => opener.current?.focus());
  };

  return (
    <Page title="Baseball Season" className="flex flex-col gap-8">
      <BackLink to={paths.sports}>Back to Sports</BackLink>
      <header>
        <h1 className="text-3xl font-black text-white sm:text-5xl">Baseball Season</h1>
        <p className="mt-2 max-w-2xl text-slate-300">
          Squares boards for this week's fixtures, scored at the end of the 5th and 9th innings by runs and by total
          hits.
        </p>
      </header>
      {content.isError ? (
        <LoadFailed message="We couldn't load the baseball season." onRetry={() => void content.refetch()} />
      ) : !content.data ? (
        <div className="grid gap-4 sm:grid-cols-2" aria-busy="true">
          {[1, 2, 3, 4].map((n) => (
            <Skeleton key={n} className="h-40" />
          ))}
        </div>
      ) : (
        <>
          <PageSection
            id="recap"
            title={content.data.recap.title}
            icon={<Trophy aria-hidden="true" className="size-6 text-court-400" />}
            className="rounded-2xl border border-ink-700 bg-ink-850 p-5"
          >
            <p className="mt-1 text-sm text-slate-300">
              {content.data.recap.dates} · {content.data.recap.venue}
            </p>
            <p className="mt-3 text-slate-200">{content.data.recap.summary}</p>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {content.data.recap.results.map((r) => (
                <li key={r.event} className="rounded-xl border border-ink-700 bg-ink-900 p-3">
                  <p className="text-xs font-bold tracking-wider text-slate-400 uppercase">{r.event}</p>
                  <p className="font-semibold text-white">{r.winner}</p>
                  <p className="text-sm text-slate-300">{r.detail}</p>
                </li>
              ))}
            </ul>
          </PageSection>

          {entered && (
            <p role="status" className="rounded-2xl border border-brand-500/40 bg-brand-500/10 p-4 text-brand-100">
              You're in for {entered.fixture.name} with code <strong data-testid="my-code">{entered.entry.code}</strong>{' '}
              (ticket {entered.entry.ticketNumber}).{' '}
              {entered.codeNote && <span data-testid="code-note">{entered.codeNote} </span>}
              <Link to={entered.fixture.path} className="font-semibold underline">
                See it on the board
              </Link>{' '}
              or{' '}
              <Link
                to={paths.baseballDonation}
                state={{
                  gameData: {
                    id: entered.fixture.id,
                    title: entered.fixture.name,
                    teams: entered.fixture.teams,
                    time: entered.fixture.time,
                    league: 'MLB',
                    organization: content.data.organization,
                    gameCode: fixtureGameCode(entered.fixture.id),
                    ticketNumber: entered.entry.ticketNumber,
                    supportAmountCents: entered.entry.amountCents ?? undefined,
                  } satisfies GameData,
                }}
                className="font-semibold underline"
              >
                donate to this game
              </Link>
              .
            </p>
          )}

          <PageSection id="fixtures" title="Game Boards">
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {content.data.fixtures.map((f) => (
                <li key={f.id}>
                  <Card className="flex h-full flex-col gap-3">
                    <CardTitle>
                      <Link to={f.path} className="hover:text-brand-300 hover:underline">
                        {f.name}
                      </Link>
                    </CardTitle>
                    <p className="text-sm text-slate-300">
                      {f.teams[0]} vs {f.teams[1]}
                    </p>
                    <p className="flex flex-wrap gap-x-3 text-sm text-slate-300">
                      <span className="inline-flex items-center gap-1">
                        <CalendarDays aria-hidden="true" className="size-3.5" /> {f.time}
                      </span>
                      <span className="inline-flex items-center gap-1">
                        <MapPin aria-hidden="true" className="size-3.5" /> {f.venue}
                      </span>
                    </p>
                    <Button
                      className="mt-auto"
                      onClick={(e) => {
                        opener.current = e.currentTarget;
                        setJoining(f);
                      }}
                      aria-label={`Join Game Board: ${f.name}`}
                    >
                      Join Game Board
                    </Button>
                  </Card>
                </li>
              ))}
            </ul>
          </PageSection>

          <PageSection id="matchups" title="Matchups">
            <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {content.data.matchups.map((m) => (
                <li key={m.slug}>
                  <Link
                    to={`/${m.slug}`}
                    className="flex h-full flex-col rounded-2xl border border-ink-700 bg-ink-850 p-4 hover:border-brand-400"
                  >
                    <span className="font-bold text-white">{m.title}</span>
                    <span className="text-sm text-slate-300">
                      {m.date} · {m.venue}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </PageSection>

          <CustomEntryForm defaultDate={content.data.customEntryDefaultDate} boards={content.data.fixtures} />

          {joining && (
            <JoinBoardModal
              fixture={joining}
              organization={content.data.organization}
              onClose={closeModal}
              onEntered={(fixture, entry, codeNote) => {
                closeModal();
                setEntered({ fixture, entry, codeNote });
              }}
            />
          )}
        </>
      )}
    </Page>
  );
}
