import { CalendarDays, Star } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateRange } from '../../../../shared/domain/gaming';
import { paths } from '../../../app/paths';
import { BackLink } from '../../../components/layout/back-link';
import { Page } from '../../../components/layout/page';
import { PageSection } from '../../../components/layout/page-section';
import { CatalogEntry, useCatalogEntry } from '../components/catalog-entry';
import { TournamentCard } from '../components/tournament-card';

/** A gaming category page (/action-games, /strategy-games, /rpg-games, /simulation-games). */
export function GamingCategoryPage() {
  const { catalog, entry: category } = useCatalogEntry((c, slug) => c.categories.find((x) => x.slug === slug));
  const featured = catalog.data?.tournaments.filter((t) => category?.featuredTournaments.includes(t.slug)) ?? [];

  return (
    <Page title={category ? `${category.name} Games` : 'Games'} className="flex flex-col gap-10">
      <BackLink to={paths.gaming}>Back to Gaming Hub</BackLink>
      <CatalogEntry catalog={catalog} entry={category} noun="category">
        {(category) => (
          <>
            <header className="flex flex-col gap-3">
              <h1 className="text-3xl font-black text-white sm:text-5xl">{category.name} Games</h1>
              <p className="max-w-2xl text-slate-300">{category.description}</p>
            </header>

            <PageSection id="games" title="Games">
              <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {category.games.map((game) => (
                  <li
                    key={game.id}
                    aria-labelledby={`game-${game.id}`}
                    className="flex flex-col gap-2 rounded-2xl border border-ink-700 bg-ink-850 p-5"
                  >
                    <h3 id={`game-${game.id}`} className="text-lg font-bold text-white">
                      {game.title}
                    </h3>
                    <p className="text-sm text-slate-300">{game.description}</p>
                    <p className="text-sm text-slate-300">{game.platforms.join(', ')}</p>
                    <p className="mt-auto flex items-center gap-1.5 font-semibold text-white">
                      <Star aria-hidden="true" className="size-4 fill-brand-400 text-brand-400" />
                      <span>
                        {game.rating.toFixed(1)} <span className="text-sm font-normal text-slate-300">out of 5</span>
                      </span>
                    </p>
                  </li>
                ))}
              </ul>
            </PageSection>

            <PageSection id="featured" title="Featured Tournaments">
              {featured.length === 0 ? (
                <p className="mt-4 text-slate-300">
                  No tournaments are featured for {category.name.toLowerCase()} games this season.{' '}
                  <Link to={paths.gaming} className="font-semibold text-brand-300 underline hover:text-brand-400">
                    See every tournament on the Gaming Hub
                  </Link>
                  .
                </p>
              ) : (
                <ul className="mt-4 grid gap-4 md:grid-cols-2">
                  {featured.map((t) => (
                    <TournamentCard key={t.slug} tournament={t}>
                      <span className="flex items-center gap-1.5 text-sm text-slate-300">
                        <CalendarDays aria-hidden="true" className="size-4" />
                        {formatDateRange(t.startDate, t.endDate)} · {t.location}
                      </span>
                    </TournamentCard>
                  ))}
                </ul>
              )}
            </PageSection>
          </>
        )}
      </CatalogEntry>
    </Page>
  );
}
