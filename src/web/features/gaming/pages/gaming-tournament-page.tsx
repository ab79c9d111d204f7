import { Trophy } from 'lucide-react';
import { formatCalendarDay } from '../../../../shared/domain/en-us';
import { formatDateRange } from '../../../../shared/domain/gaming';
import { formatCents } from '../../../../shared/domain/money';
import { paths } from '../../../app/paths';
import { BackLink } from '../../../components/layout/back-link';
import { Page } from '../../../components/layout/page';
import { PageSection } from '../../../components/layout/page-section';
import { ColumnHeaders } from '../../../components/table-parts';
import { Card, CardTitle } from '../../../components/ui/card';
import { DetailsList } from '../../../components/ui/details-list';
import { CatalogEntry, useCatalogEntry } from '../components/catalog-entry';
import { TournamentStatus } from '../components/tournament-status';

const scheduleColumns = [{ label: 'Stage' }, { label: 'Date' }, { label: 'Match' }, { label: 'Result' }];

/** A tournament page (/csgo-tournament, /lol-championship, /dota2-international): facts, teams, format, schedule. */
export function GamingTournamentPage() {
  const { catalog, entry } = useCatalogEntry((c, slug) => c.tournaments.find((x) => x.slug === slug));

  return (
    <Page title={entry?.name ?? 'Tournament'} className="flex flex-col gap-10">
      <BackLink to={paths.gaming}>Back to Gaming Hub</BackLink>
      <CatalogEntry catalog={catalog} entry={entry} noun="tournament">
        {(t) => (
          <>
            <header className="flex flex-col gap-3">
              <div className="flex flex-wrap items-center gap-3">
                <h1 className="text-3xl font-black text-white sm:text-5xl">{t.name}</h1>
                <TournamentStatus status={t.status} />
              </div>
              <p className="text-slate-300">{t.game}</p>
              {t.champion && (
                <p className="flex items-center gap-2 text-lg font-bold text-court-400">
                  <Trophy aria-hidden="true" className="size-5" /> Champion: {t.champion}
                </p>
              )}
            </header>

            <div className="grid gap-4 lg:grid-cols-3">
              <Card>
                <CardTitle>Event details</CardTitle>
                <DetailsList
                  items={[
                    ['Dates', formatDateRange(t.startDate, t.endDate)],
                    ['Location', t.location],
                    ['Venue', t.venue],
                    ['Prize pool', formatCents(t.prizePoolCents)],
                    ['Teams', String(t.teams.length)],
                  ]}
                />
              </Card>
              <Card>
                <CardTitle>Format</CardTitle>
                <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-sm text-slate-200">
                  {t.format.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </Card>
              <Card>
                <CardTitle>Participating teams</CardTitle>
                <ul className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm text-slate-200">
                  {t.teams.map((team) => (
                    <li key={team}>{team}</li>
                  ))}
                </ul>
              </Card>
            </div>

            <PageSection id="schedule" title="Schedule &amp; Results">
              {/* The table wraps to fit a phone; the box only scrolls if a very long team name forces it. */}
              <div className="mt-4 overflow-x-auto rounded-2xl border border-ink-700">
                <table className="w-full text-left text-sm">
                  <thead className="bg-ink-800 text-slate-200">
                    <tr>
                      <ColumnHeaders columns={scheduleColumns} className="px-3 py-3 sm:px-4 font-semibold" />
                    </tr>
                  </thead>
                  <tbody>
                    {t.schedule.map((m) => (
                      <tr key={m.id} className="border-t border-ink-700 bg-ink-850">
                        <td className="px-3 py-3 sm:px-4 text-slate-200">{m.stage}</td>
                        <td className="px-3 py-3 sm:px-4 text-slate-300">
                          {formatCalendarDay(m.date, { weekday: true })}
                          <span className="block text-xs text-slate-400">{m.time}</span>
                        </td>
                        <td className="px-3 py-3 sm:px-4 font-semibold text-white">
                          {m.teams[0]} vs {m.teams[1]}
                        </td>
                        <td className="px-3 py-3 sm:px-4">
                          {m.status === 'completed' ? (
                            <span className="text-slate-200">
                              <strong className="text-court-400">{m.winner}</strong> won {m.score}
                            </span>
                          ) : (
                            <span className="text-sky-300">Upcoming</span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </PageSection>
          </>
        )}
      </CatalogEntry>
    </Page>
  );
}
