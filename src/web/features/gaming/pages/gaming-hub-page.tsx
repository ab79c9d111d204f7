import { useQuery } from '@tanstack/react-query';
import {
  BookOpenCheck,
  Brain,
  CalendarDays,
  Gamepad2,
  HandCoins,
  type LucideIcon,
  Plane,
  Play,
  Swords,
  Trophy,
  Wand2,
} from 'lucide-react';
import { lazy, type ReactNode, Suspense, startTransition, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { GamingCatalog } from '../../../../shared/contracts/pages/gaming-catalog';
import { paths } from '../../../app/paths';
import { BackLink } from '../../../components/layout/back-link';
import { LoadFailed, Page, Skeleton } from '../../../components/layout/page';
import { PageSection } from '../../../components/layout/page-section';
import { LinkCard, LinkCardFoot } from '../../../components/link-card';
import { StatTile } from '../../../components/stat-tile';
import { ButtonLink } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useNearViewport } from '../../../lib/near-viewport';
import { pageContentQuery } from '../../../lib/page-content';

// The interactive sections below the fold (profile, game manager, tips) bring forms, the visitor's local
// store and its validation with them: they load in their own chunks, in the last step below.
const GamingPageProfileSection = lazy(() =>
  import('../components/gaming-page-profile').then((m) => ({ default: m.GamingPageProfileSection })),
);
const GameTracker = lazy(() => import('../../tracked-games').then((m) => ({ default: m.GameTracker })));
const StreamerTips = lazy(() => import('../components/streamer-tips').then((m) => ({ default: m.StreamerTips })));
// The lists below the top, one chunk for the four (see hub-sections.tsx).
const hubSections = () => import('../components/hub-sections');
const TournamentList = lazy(() => hubSections().then((m) => ({ default: m.TournamentList })));
const ReleaseList = lazy(() => hubSections().then((m) => ({ default: m.ReleaseList })));
const Guides = lazy(() => hubSections().then((m) => ({ default: m.Guides })));
const EsportsCalendar = lazy(() => hubSections().then((m) => ({ default: m.EsportsCalendar })));

/**
 * The sections below the top of the hub (header, stats, categories: what a phone shows first), in the order
 * they render, one per step. Rendered in one pass with the top, they kept it from painting: the lazy
 * sections held the whole page until their chunks (forms, the visitor's store, zod) had arrived, and the
 * rest (date and money formatting, the calendar's tabs) made one long task of the first render.
 */
const steps = ['tournaments', 'releases', 'guides', 'calendar', 'interactive'] as const;
type Step = (typeof steps)[number];

/**
 * How many of `count` steps to show: none until `ready`, then one more each time the browser has painted
 * the one before (rAF runs before the next paint, the timeout after it; the 1 s timeout covers a hidden tab,
 * where rAF does not run). Each step renders in a transition, so React works on it in small slices that
 * leave the main thread free for input instead of one long task.
 */
function useStepsAfterPaint(ready: boolean, count: number): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!ready || shown >= count) return;
    const next = () => startTransition(() => setShown(shown + 1));
    let afterFrame: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      afterFrame = setTimeout(next);
    });
    const hidden = setTimeout(next, 1000);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(afterFrame);
      clearTimeout(hidden);
    };
  }, [ready, shown, count]);
  return shown;
}

const categoryIcons: Record<string, typeof Swords> = {
  'action-games': Swords,
  'strategy-games': Brain,
  'rpg-games': Wand2,
  'simulation-games': Plane,
};

function Section({
  id,
  title,
  icon: IconFor,
  children,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <PageSection
      id={id}
      anchor
      title={title}
      icon={<IconFor aria-hidden="true" className="size-6 text-brand-400" />}
      className="scroll-mt-4"
    >
      <div className="mt-4">{children}</div>
    </PageSection>
  );
}

/**
 * A lazy list's place: its placeholder until `data` is there and its step has come (`ready`), then the list
 * (with the same placeholder while its chunk loads).
 */
function Deferred<T>({
  data,
  ready,
  placeholder,
  children,
}: {
  data: T | undefined;
  ready: boolean;
  placeholder: ReactNode;
  children: (data: T) => ReactNode;
}) {
  return data !== undefined && ready ? <Suspense fallback={placeholder}>{children(data)}</Suspense> : placeholder;
}

function Skeletons({ count, className }: { count: number; className: string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
      {Array.from({ length: count }, (_, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={n} className={className} />
      ))}
    </div>
  );
}

/**
 * Each lazy section's height once loaded, per breakpoint (phone, sm, md, lg), measured on the hub's content:
 * its skeleton holds that height so nothing below it moves when the section arrives.
 */
const reservedHeights = {
  tournaments: 'min-h-[550px] sm:min-h-[494px] md:min-h-[258px] lg:min-h-[182px]',
  releases: 'min-h-[1290px] sm:min-h-[1252px] md:min-h-[620px]',
  guides: 'min-h-[1260px] sm:min-h-[938px] md:min-h-[562px] lg:min-h-[442px]',
  streamers: 'min-h-[422px] sm:min-h-[150px] md:min-h-[130px]',
  calendar: 'min-h-[920px] sm:min-h-[688px] md:min-h-[490px]',
  gamingPageProfile: 'min-h-[756px] sm:min-h-[496px] md:min-h-[472px] lg:min-h-[364px]',
  gameManager: 'min-h-[348px] sm:min-h-[304px]',
} as const;

/** A lazy section's skeleton: `count` pulsing cards stretched over the section's reserved height (aria-busy). */
function Reserved({ height, count = 1 }: { height: keyof typeof reservedHeights; count?: number }) {
  return (
    <div
      aria-busy="true"
      data-testid="reserved"
      className={cn('grid auto-rows-fr gap-4', count > 1 && 'sm:grid-cols-2 lg:grid-cols-4', reservedHeights[height])}
    >
      {Array.from({ length: count }, (_, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={n} className="min-h-24" />
      ))}
    </div>
  );
}

function CategoryCards({ catalog }: { catalog: GamingCatalog }) {
  return (
    <Section id="categories" title="Game Categories" icon={Gamepad2}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {catalog.categories.map((category) => {
          const IconFor = categoryIcons[category.slug] ?? Gamepad2;
          return (
            <li key={category.slug}>
              <LinkCard to={`/${category.slug}`}>
                <IconFor aria-hidden="true" className="size-7 text-brand-400" />
                <span className="text-lg font-bold text-white">{category.name}</span>
                <span className="text-sm text-slate-300">{category.tagline}</span>
                <LinkCardFoot>{category.games.length} games</LinkCardFoot>
              </LinkCard>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

/** Gaming hub (/gaming). */
export function GamingHubPage() {
  const hub = useQuery(pageContentQuery('gaming'));
  const catalog = useQuery(pageContentQuery('gaming-catalog'));
  // The steps wait until both documents have settled (loaded or failed).
  const shown = useStepsAfterPaint(!hub.isPending && !catalog.isPending, steps.length);
  const has = (step: Step) => shown > steps.indexOf(step);
  // The interactive sections (forms, the visitor's store, their validation: the heaviest code on the page)
  // load as the reader nears them, or at once when a link points at one of them.
  const interactiveStart = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  const nearInteractive = useNearViewport(interactiveStart);
  const linkedTo = ['#gaming-page-profile', '#game-manager', '#streamers'].includes(hash);
  const interactive = has('interactive') && (nearInteractive || linkedTo);

  return (
    <Page title="Gaming Hub" className="flex flex-col gap-12">
      <BackLink to={paths.root}>Back to Home</BackLink>

      <header className="flex flex-col gap-4">
        <h1 className="text-3xl font-black text-white sm:text-5xl">Gaming Hub</h1>
        {hub.data ? (
          <p className="max-w-2xl text-slate-300">{hub.data.intro}</p>
        ) : (
          <Skeleton className="h-12 max-w-2xl" />
        )}
        <div className="flex flex-wrap gap-3">
          <ButtonLink to={paths.actionGames} size="lg">
            <Play aria-hidden="true" className="size-5" />
            Start Gaming
          </ButtonLink>
          <ButtonLink to={paths.csgoTournament} size="lg" variant="outline">
            <Trophy aria-hidden="true" className="size-5" />
            View Leaderboard
          </ButtonLink>
        </div>
      </header>

      {hub.isError ? (
        <LoadFailed message="We couldn't load the gaming hub." onRetry={() => void hub.refetch()} />
      ) : (
        <PageSection id="stats" title="Gaming hub in numbers" headingClassName="sr-only">
          {hub.data ? (
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              {hub.data.stats.map((stat) => (
                <StatTile key={stat.key} label={stat.label} value={stat.value} />
              ))}
            </dl>
          ) : (
            <Skeletons count={4} className="h-[5.5rem]" />
          )}
        </PageSection>
      )}

      {catalog.isError ? (
        <LoadFailed message="We couldn't load the game categories." onRetry={() => void catalog.refetch()} />
      ) : catalog.data ? (
        <>
          <CategoryCards catalog={catalog.data} />
          <Section id="tournaments" title="Featured Tournaments" icon={Trophy}>
            <Deferred
              data={catalog.data}
              ready={has('tournaments')}
              placeholder={<Reserved height="tournaments" count={3} />}
            >
              {(data) => <TournamentList tournaments={data.tournaments} />}
            </Deferred>
          </Section>
        </>
      ) : (
        <Skeletons count={7} className="h-40" />
      )}

      {!hub.isError && (
        <>
          <Section id="releases" title="July 2025 Releases" icon={CalendarDays}>
            <Deferred data={hub.data} ready={has('releases')} placeholder={<Reserved height="releases" count={4} />}>
              {(data) => <ReleaseList releases={data.releases} />}
            </Deferred>
          </Section>
          <Section id="achievements" title="Achievement Tracking Guide" icon={BookOpenCheck}>
            <Deferred data={hub.data} ready={has('guides')} placeholder={<Reserved height="guides" count={3} />}>
              {(data) => <Guides guides={data.achievementGuides} />}
            </Deferred>
          </Section>
        </>
      )}

      <div ref={interactiveStart} aria-hidden="true" />
      {interactive ? (
        <>
          <Suspense fallback={<Reserved height="gamingPageProfile" />}>
            <GamingPageProfileSection />
          </Suspense>
          <Suspense fallback={<Reserved height="gameManager" />}>
            <GameTracker title="Game Manager" id="game-manager" />
          </Suspense>
        </>
      ) : (
        <>
          <Reserved height="gamingPageProfile" />
          <Reserved height="gameManager" />
        </>
      )}

      {hub.data && (
        <Section id="streamers" title="Tip a Streamer" icon={HandCoins}>
          <Deferred data={hub.data} ready={interactive} placeholder={<Reserved height="streamers" count={3} />}>
            {(data) => <StreamerTips streamers={data.streamers} />}
          </Deferred>
        </Section>
      )}

      {!hub.isError && (
        <Section id="esports-calendar" title="Esports Calendar" icon={Trophy}>
          <p className="mb-4 text-slate-300">Ten events this summer, from June to August 2025.</p>
          <Deferred data={hub.data} ready={has('calendar')} placeholder={<Reserved height="calendar" count={2} />}>
            {(data) => <EsportsCalendar events={data.esportsEvents} />}
          </Deferred>
        </Section>
      )}
    </Page>
  );
}
