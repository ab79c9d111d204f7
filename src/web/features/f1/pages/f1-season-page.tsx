import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CalendarDays, Flag as FlagIcon, Moon, Sun, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCalendarDay } from '../../../../shared/domain/en-us';
import { completedRoundCount, nextRace, seasonLeader } from '../../../../shared/domain/f1';
import { paths } from '../../../app/paths';
import { LoadingStack } from '../../../components/layout/loading-stack';
import { LoadFailed, Page } from '../../../components/layout/page';
import { PageSection } from '../../../components/layout/page-section';
import { cn } from '../../../lib/cn';
import { pageContentQuery } from '../../../lib/page-content';
import { Flag } from '../components/flag';
import { RaceCalendar } from '../components/race-calendar';
import { ConstructorStandings, DriverStandings } from '../components/standings';
import { type F1ThemeClasses, f1Themes, useF1Theme } from '../theme';

function StatCard({
  icon,
  label,
  t,
  children,
}: {
  icon: ReactNode;
  label: string;
  t: F1ThemeClasses;
  children: ReactNode;
}) {
  return (
    <section aria-label={label} className={cn('rounded-2xl border p-5', t.card)}>
      <p className={cn('flex items-center gap-2 text-xs font-bold tracking-wider uppercase', t.muted)}>
        {icon}
        {label}
      </p>
      <div className="mt-2">{children}</div>
    </section>
  );
}

export function F1SeasonPage() {
  const content = useQuery(pageContentQuery('f1-season'));
  const [theme, toggleTheme] = useF1Theme();
  const t = f1Themes[theme];
  const standings = { headingClassName: cn('mb-4 text-2xl font-black', t.heading), className: 'min-w-0' };
  const light = theme === 'light';
  const data = content.data;
  const leader = data && seasonLeader(data.drivers);
  const next = data && nextRace(data.rounds);

  return (
    <div data-theme={theme} className={cn('min-h-full transition-colors motion-reduce:transition-none', t.page)}>
      <Page title="Formula 1 season" className="flex flex-col gap-10">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Link
            to={paths.sports}
            className={cn('inline-flex min-h-11 items-center gap-2 rounded-lg pr-3 text-sm font-semibold', t.link)}
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Sports
          </Link>
          <button
            type="button"
            aria-pressed={light}
            onClick={toggleTheme}
            className={cn(
              'inline-flex min-h-11 items-center gap-3 rounded-xl border px-4 text-sm font-semibold',
              t.control,
            )}
          >
            {light ? <Sun aria-hidden="true" className="size-4" /> : <Moon aria-hidden="true" className="size-4" />}
            Light mode
            <span
              aria-hidden="true"
              className={cn(
                'relative h-5 w-9 rounded-full transition-colors motion-reduce:transition-none',
                light ? 'bg-red-700' : 'bg-ink-600',
              )}
            >
              <span
                className={cn(
                  'absolute top-0.5 left-0.5 size-4 rounded-full bg-white transition-transform motion-reduce:transition-none',
                  light && 'translate-x-4',
                )}
              />
            </span>
          </button>
        </div>

        <header className="flex flex-col gap-3">
          <p className={cn('text-sm font-bold tracking-widest uppercase', t.accent)}>Formula 1</p>
          <h1 className={cn('text-3xl font-black sm:text-5xl', t.heading)}>{data?.title ?? 'Formula 1 Season'}</h1>
          {data && <p className={cn('max-w-3xl', t.muted)}>{data.summary}</p>}
        </header>

        {content.isError ? (
          <LoadFailed message="We couldn't load the F1 season." onRetry={() => void content.refetch()} />
        ) : !data ? (
          <LoadingStack blocks={['h-96']} cards={{ count: 3, size: 'h-36' }} />
        ) : (
          <>
            <div className="grid gap-4 md:grid-cols-3">
              <StatCard icon={<Trophy aria-hidden="true" className="size-4" />} label="Championship leader" t={t}>
                {leader && (
                  <>
                    <p className={cn('text-2xl font-black', t.heading)}>
                      <Flag flag={leader.flag} /> {leader.name}
                    </p>
                    <p className={t.muted}>
                      {leader.team} · <strong className={t.accent}>{leader.points} pts</strong> · {leader.wins} wins
                    </p>
                  </>
                )}
              </StatCard>
              <StatCard icon={<FlagIcon aria-hidden="true" className="size-4" />} label="Total races" t={t}>
                <p className={cn('text-4xl font-black tabular-nums', t.heading)}>{data.rounds.length}</p>
                <p className={t.muted}>
                  {completedRoundCount(data.rounds)} completed · {data.rounds.length - completedRoundCount(data.rounds)}{' '}
                  to go in {data.season}
                </p>
              </StatCard>
              <StatCard icon={<CalendarDays aria-hidden="true" className="size-4" />} label="Next race" t={t}>
                {next ? (
                  <>
                    <p className={cn('text-2xl font-black', t.heading)}>
                      <Flag flag={next.flag} decorative /> {next.race}
                    </p>
                    <p className={t.muted}>
                      Round {next.round} · {formatCalendarDay(next.date, { weekday: true })} · {next.circuit}
                    </p>
                  </>
                ) : (
                  <p className={cn('text-2xl font-black', t.heading)}>Season complete</p>
                )}
              </StatCard>
            </div>

            <PageSection
              id="f1-calendar"
              title={<>{data.season} Race Calendar</>}
              headingClassName={cn('text-2xl font-black', t.heading)}
            >
              <p className={cn('mt-1', t.muted)}>
                Completed rounds show the winner and podium; upcoming rounds show the odds to win, favourite first.
              </p>
              <RaceCalendar rounds={data.rounds} nextRound={next?.round} t={t} />
            </PageSection>

            <div className="grid gap-10 lg:grid-cols-[2fr_1fr]">
              <PageSection id="f1-drivers" title="Driver Standings" {...standings}>
                <DriverStandings drivers={data.drivers} t={t} />
              </PageSection>
              <PageSection id="f1-constructors" title="Constructors" {...standings}>
                <ConstructorStandings constructors={data.constructors} t={t} />
              </PageSection>
            </div>
          </>
        )}
      </Page>
    </div>
  );
}
