import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { paths } from '../../../app/paths';
import { ZoneClocks } from '../../../components/clocks';
import { LoadFailed, Page, Skeleton } from '../../../components/layout/page';
import { PageSection } from '../../../components/layout/page-section';
import { LinkCard } from '../../../components/link-card';
import { StatTile } from '../../../components/stat-tile';
import { ButtonLink } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { homeContentQuery } from '../api';

const bigHeading = 'text-2xl font-black text-white sm:text-3xl';

const OpenBoardsList = lazy(() => import('../../open-boards'));
/** The room the open boards list takes before and after it loads (features/open-boards: the first four cards). */
const openBoardsRoom = 'mt-4 min-h-[37rem] sm:min-h-[18.25rem] lg:min-h-[10.5rem]';

/**
 * "Open boards" (docs/product.md#open-boards): below the fold, its code and data come once the fan scrolls (the
 * first scroll heads their way; following a link to `#open-boards` scrolls too), into room held for them, so the
 * first load of `/` does not carry them. (A scroll listener, not lib/near-viewport: that would cost the first
 * load a chunk of its own.)
 */
function OpenBoards() {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const go = () => setNear(true);
    addEventListener('scroll', go, { once: true, passive: true });
    return () => removeEventListener('scroll', go);
  }, []);
  const room = <div className={openBoardsRoom} />;
  return (
    <PageSection id="open-boards" title="Open boards" headingClassName={bigHeading} anchor>
      {near ? (
        <Suspense fallback={room}>
          <OpenBoardsList className={openBoardsRoom} />
        </Suspense>
      ) : (
        room
      )}
    </PageSection>
  );
}

function AdBanner() {
  return (
    <aside
      aria-label="Advertise with FanGrid"
      className="border-b border-ink-700 bg-gradient-to-r from-ink-800 via-ink-850 to-ink-800"
    >
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-3 px-4 py-3 sm:flex-row sm:justify-between">
        <p className="flex items-center gap-2 text-sm font-semibold text-white">
          <Icon name="megaphone" className="size-4 text-brand-400" />
          <span>
            Premium ad space: <span className="text-brand-300">Reach 2k+ Monthly Visitors</span>
          </span>
        </p>
        <ZoneClocks />
      </div>
    </aside>
  );
}

/** A section's three-column list: its items once the content has loaded, three placeholders before. */
function ThreeUp<T>({
  items,
  placeholder,
  children,
}: {
  items: readonly T[] | undefined;
  /** The placeholder's height class. */
  placeholder: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul className="mt-6 grid gap-4 sm:grid-cols-3">
      {items ? items.map(children) : [1, 2, 3].map((n) => <Skeleton key={n} className={placeholder} />)}
    </ul>
  );
}

export function HomePage() {
  const content = useQuery(homeContentQuery);

  return (
    <>
      <AdBanner />
      <section className="fg-hero-bg border-b border-ink-700">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 sm:py-20">
          <p className="rounded-full border border-brand-500/40 bg-brand-500/10 px-3 py-1 text-xs font-bold tracking-wider text-brand-300 uppercase">
            1v99 &amp; 1v49 game boards
          </p>
          <h1 className="max-w-3xl text-4xl font-black tracking-tight text-white sm:text-6xl">
            The Ultimate Sports &amp; Gaming Experience
          </h1>
          <p className="max-w-2xl text-lg text-slate-300">
            Join game boards tied to real games, back your team with every square and follow the action live. Boards
            open 1 hour before the game starts.
          </p>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to={paths.sports} size="lg">
              <Icon name="trophy" className="size-5" />
              Explore Sports
            </ButtonLink>
            <ButtonLink to={paths.gaming} size="lg" variant="outline">
              <Icon name="gaming" className="size-5" />
              Gaming Hub
            </ButtonLink>
          </div>
        </div>
      </section>

      <Page title="Home" className="flex flex-col gap-14">
        {content.isError ? (
          <LoadFailed message="We couldn't load this page's content." onRetry={() => void content.refetch()} />
        ) : (
          <>
            <PageSection id="stats" title="FanGrid in numbers" headingClassName="sr-only">
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {content.data
                  ? content.data.stats.map((stat) => <StatTile key={stat.key} label={stat.label} value={stat.value} />)
                  : [1, 2, 3, 4].map((n) => <Skeleton key={n} className="h-[5.5rem]" />)}
              </dl>
            </PageSection>

            <PageSection id="categories" title="Featured Categories" headingClassName={bigHeading}>
              <ThreeUp items={content.data?.categories} placeholder="h-48">
                {(c) => (
                  <li key={c.slug}>
                    <LinkCard to={c.href} className="gap-3">
                      <Icon name={c.icon} className="size-8 text-brand-400" />
                      <span className="text-xl font-bold text-white">{c.title}</span>
                      <span className="text-sm text-slate-300">{c.description}</span>
                      <span className="mt-auto inline-flex items-center gap-1 text-sm font-semibold text-brand-300">
                        Explore{' '}
                        <Icon name="arrowRight" className="size-4 transition-transform group-hover:translate-x-1" />
                      </span>
                    </LinkCard>
                  </li>
                )}
              </ThreeUp>
            </PageSection>

            <PageSection id="why" title="Why Choose FanGrid?" headingClassName={bigHeading}>
              <ThreeUp items={content.data?.benefits} placeholder="h-40">
                {(b) => (
                  <li key={b.slug} className="rounded-2xl border border-ink-700 bg-ink-850 p-5">
                    <Icon name={b.icon} className="size-7 text-court-400" />
                    <h3 className="mt-3 text-lg font-bold text-white">{b.title}</h3>
                    <p className="mt-1 text-sm text-slate-300">{b.description}</p>
                  </li>
                )}
              </ThreeUp>
            </PageSection>
          </>
        )}

        <OpenBoards />

        <PageSection
          id="cta"
          title="Ready for game day?"
          headingClassName={bigHeading}
          className="rounded-3xl border border-brand-500/30 bg-gradient-to-br from-brand-500/15 via-ink-850 to-ink-850 p-8 text-center"
        >
          <p className="mx-auto mt-2 max-w-xl text-slate-300">
            Pick a game, claim your square and support your team with every entry.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <ButtonLink to={paths.sports} size="lg">
              Start Playing Now
            </ButtonLink>
            <ButtonLink to={paths.faq} size="lg" variant="outline">
              Learn More
            </ButtonLink>
          </div>
        </PageSection>
      </Page>
    </>
  );
}
