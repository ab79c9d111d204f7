import { useQuery } from '@tanstack/react-query';
import { CalendarDays, ChevronDown, Flag, MapPin, ShoppingCart, Ticket, Tv, UserRound } from 'lucide-react';
import { Children, lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import type { MlbWeekendGame, SportsHubContent } from '../../../../shared/contracts/content';
import { formatDayTime } from '../../../../shared/domain/en-us';
import { formatCents, formatCentsRange } from '../../../../shared/domain/money';
import { paths } from '../../../app/paths';
import { BackLink } from '../../../components/layout/back-link';
import { LoadFailed, Page, Skeleton } from '../../../components/layout/page';
import { PageSection } from '../../../components/layout/page-section';
import { LinkCard, LinkCardArrow } from '../../../components/link-card';
import { StatusPill } from '../../../components/status-pill';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Icon } from '../../../components/ui/icon';
import { useToast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { usePhoneLayout } from '../../../lib/media';
import { useCyclingIndex } from '../../../lib/motion';
import { mlbScoresQuery, nflPreseasonQuery } from '../../scores';
import { sportsHubQuery } from '../api';
import { CartPanel } from '../components/cart-panel';
import { ScoreTicker } from '../components/score-ticker';
import { useCart } from '../use-cart';

const ticketLeagues = ['NBA', 'MLB', 'WNBA'];

/** Rows a schedule shows on a phone before its 'Show all' toggle. */
const phoneRows = 3;

/**
 * A schedule's rows. On a phone a long schedule shows its first rows and a 'Show all …' toggle
 * (aria-expanded) so the page stays short; on a wider window every row shows.
 */
function PanelList({ children, what }: { children: ReactNode; what: string }) {
  const phone = usePhoneLayout();
  const [all, setAll] = useState(false);
  const listId = useId();
  const rows = Children.toArray(children);
  const foldable = phone && rows.length > phoneRows;
  return (
    <>
      <ul id={listId} className="mt-4 flex flex-col gap-3">
        {foldable && !all ? rows.slice(0, phoneRows) : rows}
      </ul>
      {foldable && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2 self-start"
          aria-expanded={all}
          aria-controls={listId}
          onClick={() => setAll((open) => !open)}
        >
          <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', all && 'rotate-180')} />
          {all ? `Show fewer ${what}` : `Show all ${rows.length} ${what}`}
        </Button>
      )}
    </>
  );
}

function PanelRow({ className, children }: { className?: string; children: ReactNode }) {
  return <li className={cn('rounded-xl border border-ink-700 bg-ink-900 p-3', className)}>{children}</li>;
}

const mlbStatusStyle: Record<MlbWeekendGame['status'], { label: string; className: string }> = {
  completed: { label: 'Final', className: 'bg-slate-600 text-white' },
  live: { label: 'Live', className: 'bg-red-600 text-white' },
  upcoming: { label: 'Upcoming', className: 'bg-sky-700 text-white' },
};

function MlbWeekendPanel({ games }: { games: SportsHubContent['mlbWeekend'] }) {
  const scores = useQuery(mlbScoresQuery);
  return (
    <Card>
      <CardTitle>MLB Weekend Games</CardTitle>
      <PanelList what="MLB weekend games">
        {games.map((g) => {
          const style = mlbStatusStyle[g.status];
          return (
            <PanelRow key={g.slug}>
              <div className="flex items-center justify-between gap-2">
                <p className="font-semibold text-white">
                  {g.awayTeam} @ {g.homeTeam}
                </p>
                <StatusPill live={g.status === 'live'} className={style.className}>
                  {style.label}
                </StatusPill>
              </div>
              <p className="mt-1 text-sm text-slate-300">
                {g.date} · {g.time} · {g.location}
              </p>
              {g.status === 'completed' && (
                <p className="mt-1 text-sm text-slate-200">
                  Final: {g.awayTeam} {g.awayScore} ({g.awayHits} H), {g.homeTeam} {g.homeScore} ({g.homeHits} H)
                </p>
              )}
              {g.status === 'live' && (
                <p className="mt-1 text-sm text-slate-200">
                  {g.awayTeam} {g.awayScore}, {g.homeTeam} {g.homeScore} · {g.inning}
                </p>
              )}
            </PanelRow>
          );
        })}
      </PanelList>
      <h3 className="mt-5 font-bold text-white">From the scoreboard</h3>
      {!scores.data && !scores.isError ? (
        <p className="mt-2 text-sm text-slate-300">Loading MLB Weekend Games...</p>
      ) : scores.isError || scores.data?.feedFailed ? (
        <p className="mt-2 text-sm text-red-200">Could not load MLB games.</p>
      ) : scores.data?.games.length === 0 ? (
        <p className="mt-2 text-sm text-slate-300">No MLB games on the scoreboard yet.</p>
      ) : (
        <PanelList what="scoreboard games">
          {scores.data?.games.map((g) => (
            <PanelRow key={g.id} className="flex items-center justify-between gap-2">
              <div>
                <p className="font-semibold text-white">
                  {g.competitors[0].name} @ {g.competitors[1].name}
                </p>
                <p className="text-sm text-slate-300">
                  {formatDateTime(g.date)}
                  {g.state !== 'pre' &&
                    ` · ${g.competitors[0].score}–${g.competitors[1].score}${g.detail ? ` · ${g.detail}` : ''}`}
                </p>
              </div>
              <span className={cn('rounded-full px-2 py-0.5 text-xs font-bold', labelStyle[g.label])}>{g.label}</span>
            </PanelRow>
          ))}
        </PanelList>
      )}
    </Card>
  );
}

const labelStyle = {
  Final: mlbStatusStyle.completed.className,
  Live: mlbStatusStyle.live.className,
  Upcoming: mlbStatusStyle.upcoming.className,
} as const;

const formatDateTime = (iso: string) => formatDayTime(iso, 'local', { year: false });

function NflPreseasonPanel() {
  const nfl = useQuery(nflPreseasonQuery);
  // An NFL failure falls back silently (the server already returns the fixed games alone).
  const games = nfl.data?.games ?? [];
  return (
    <Card>
      <CardTitle>NFL Preseason Schedule</CardTitle>
      {!nfl.data && !nfl.isError ? (
        <p className="mt-4 text-slate-300">Loading NFL preseason games...</p>
      ) : games.length === 0 ? (
        <p className="mt-4 text-slate-300">No preseason games scheduled</p>
      ) : (
        <PanelList what="preseason games">
          {games.map((g) => (
            <PanelRow key={g.id}>
              <p className="font-semibold text-white">
                {g.teams[0]} vs {g.teams[1]}
              </p>
              <p className="flex flex-wrap items-center gap-x-3 text-sm text-slate-300">
                <span className="inline-flex items-center gap-1">
                  <CalendarDays aria-hidden="true" className="size-3.5" />{' '}
                  {/^\d{4}-\d{2}-\d{2}$/.test(g.date) ? g.date : formatDateTime(g.date)}
                </span>
                <span>{g.week}</span>
                <span>{g.status}</span>
              </p>
            </PanelRow>
          ))}
        </PanelList>
      )}
    </Card>
  );
}

/**
 * The NBA Finals card cycles 30 team colours every 200 ms and the soccer card 5 colours every
 * 1.5 s. The colour runs along the card's top edge (a small area, so it never flashes the screen), and
 * stands still under prefers-reduced-motion.
 */
const nbaTeamColours = [
  'bg-[#E03A3E]',
  'bg-[#007A33]',
  'bg-[#000000]',
  'bg-[#1D1160]',
  'bg-[#CE1141]',
  'bg-[#860038]',
  'bg-[#00538C]',
  'bg-[#0E2240]',
  'bg-[#C8102E]',
  'bg-[#1D428A]',
  'bg-[#CE1141]',
  'bg-[#002D62]',
  'bg-[#C8102E]',
  'bg-[#552583]',
  'bg-[#5D76A9]',
  'bg-[#98002E]',
  'bg-[#00471B]',
  'bg-[#0C2340]',
  'bg-[#0C2340]',
  'bg-[#006BB6]',
  'bg-[#007AC1]',
  'bg-[#0077C0]',
  'bg-[#006BB6]',
  'bg-[#1D1160]',
  'bg-[#E03A3E]',
  'bg-[#5A2D81]',
  'bg-[#C4CED4]',
  'bg-[#CE1141]',
  'bg-[#002B5C]',
  'bg-[#002B5C]',
];
const soccerColours = ['bg-[#16A34A]', 'bg-[#2563EB]', 'bg-[#DC2626]', 'bg-[#F59E0B]', 'bg-[#9333EA]'];
const cyclingCards: Record<string, { colours: string[]; intervalMs: number }> = {
  'nba-finals': { colours: nbaTeamColours, intervalMs: 200 },
  'soccer-tournament': { colours: soccerColours, intervalMs: 1500 },
};

function ColourStrip({ colours, intervalMs }: { colours: string[]; intervalMs: number }) {
  const index = useCyclingIndex(colours.length, intervalMs);
  return (
    <span
      aria-hidden="true"
      data-testid="colour-strip"
      data-colour={index}
      className={cn('absolute inset-x-0 top-0 h-1.5', colours[index])}
    />
  );
}

const OpenBoardsList = lazy(() => import('../../open-boards').then((m) => ({ default: m.OpenBoardsList })));
/** The room the open boards list takes before and after it loads (features/open-boards: the first four cards). */
const openBoardsRoom = 'mt-4 min-h-[37rem] sm:min-h-[18.25rem] lg:min-h-[10.5rem]';

/** "Open boards" (docs/product.md#open-boards): its code and data come after the hub, into room held for them. */
function OpenBoards() {
  return (
    <PageSection id="open-boards" title="Open boards" anchor>
      <p className="mt-1 text-sm text-slate-300">Boards taking entries now, soonest game first.</p>
      <Suspense
        fallback={<div aria-busy="true" className={`${openBoardsRoom} animate-pulse rounded-2xl bg-ink-800`} />}
      >
        <OpenBoardsList className={openBoardsRoom} />
      </Suspense>
    </PageSection>
  );
}

export function SportsHubPage() {
  const content = useQuery(sportsHubQuery);
  const cart = useCart();
  const [cartOpen, setCartOpen] = useState(false);
  const { toast } = useToast();
  const count = cart.items.length;
  const phone = usePhoneLayout();
  const tickets = (
    <PageSection
      id="tickets"
      title="Game Tickets"
      icon={<Ticket aria-hidden="true" className="size-5 text-brand-400" />}
      headingClassName="flex items-center gap-2 text-lg font-bold text-white"
      className="rounded-2xl border border-ink-700 bg-ink-850 p-5"
    >
      <ul className="mt-3 flex flex-wrap gap-2">
        {ticketLeagues.map((league) => (
          <li key={league}>
            <Button variant="secondary" disabled>
              {league} Coming Soon
            </Button>
          </li>
        ))}
      </ul>
    </PageSection>
  );
  const boards = content.isError ? (
    <LoadFailed message="We couldn't load the sports hub." onRetry={() => void content.refetch()} />
  ) : !content.data ? (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
      {[1, 2, 3, 4, 5, 6, 7, 8].map((n) => (
        <Skeleton key={n} className="h-40" />
      ))}
    </div>
  ) : (
    <PageSection id="boards" title="Games &amp; Boards">
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {content.data.destinations.map((d) => (
          <li key={d.slug}>
            <LinkCard to={d.href} className="relative gap-2 overflow-hidden">
              {cyclingCards[d.slug] && (
                <ColourStrip {...(cyclingCards[d.slug] as { colours: string[]; intervalMs: number })} />
              )}
              <Icon name={d.icon} className="size-7 text-brand-400" />
              <span className="flex items-center justify-between gap-2">
                <span className="text-lg font-bold text-white">{d.title}</span>
                {d.badge && (
                  <span className="rounded-full bg-ink-700 px-2 py-0.5 text-xs font-bold text-slate-100">
                    {d.badge}
                  </span>
                )}
              </span>
              <span className="text-sm text-slate-300">{d.description}</span>
              <LinkCardArrow className="mt-auto text-brand-300" />
            </LinkCard>
          </li>
        ))}
      </ul>
    </PageSection>
  );
  const data = content.data;
  const schedules = data && (
    <div className="grid gap-4 lg:grid-cols-2">
      <MlbWeekendPanel games={data.mlbWeekend} />

      <Card>
        <CardTitle>NBA Summer League</CardTitle>
        <PanelList what="Summer League games">
          {data.summerLeague.map((g) => (
            <PanelRow key={g.slug} className="flex items-center justify-between gap-2">
              <div>
                <p className="font-semibold text-white">
                  {g.teams[0]} vs {g.teams[1]}
                </p>
                <p className="text-sm text-slate-300">
                  {g.date} · {g.time} · {g.venue}
                </p>
              </div>
              {g.isLive && (
                <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">
                  <span className="fg-live-dot mr-1 inline-block size-1.5 rounded-full bg-white align-middle" />
                  Live
                </span>
              )}
            </PanelRow>
          ))}
        </PanelList>
        <h3 className="mt-5 font-bold text-white">Tickets</h3>
        <ul className="mt-2 flex flex-col gap-2">
          {data.ticketOffers.map((offer) => (
            <PanelRow key={offer.slug} className="flex items-center justify-between gap-3">
              <div>
                <p className="font-semibold text-white">{offer.name}</p>
                <p className="text-sm text-slate-300">
                  {formatCentsRange(offer.minPriceCents, offer.maxPriceCents)} · {offer.description}
                </p>
              </div>
              <Button
                size="sm"
                onClick={() => {
                  cart.add({ name: offer.name, priceCents: offer.minPriceCents });
                  toast({
                    title: 'Added to cart',
                    description: `${offer.name} from ${formatCents(offer.minPriceCents)}`,
                    variant: 'success',
                  });
                }}
                aria-label={`Add ${offer.name} to cart`}
              >
                Add
              </Button>
            </PanelRow>
          ))}
        </ul>
      </Card>

      <NflPreseasonPanel />

      <Card>
        <CardTitle>Formula 1: Upcoming Races</CardTitle>
        <PanelList what="races">
          {data.f1Races.map((r) => (
            <PanelRow key={r.slug} className="flex items-center justify-between gap-2">
              <div>
                <p className="flex items-center gap-2 font-semibold text-white">
                  <Flag aria-hidden="true" className="size-4 text-brand-400" /> {r.race}
                </p>
                <p className="flex items-center gap-1 text-sm text-slate-300">
                  <MapPin aria-hidden="true" className="size-3.5" /> {r.location} · {r.date}
                </p>
              </div>
              <span
                className={cn(
                  'rounded-full px-2 py-0.5 text-xs font-bold',
                  r.status === 'next' ? 'bg-court-500 text-ink-950' : 'bg-ink-700 text-slate-100',
                )}
              >
                {r.status === 'next' ? 'Next race' : 'Upcoming'}
              </span>
            </PanelRow>
          ))}
        </PanelList>
      </Card>
    </div>
  );
  const streams = (
    <PageSection id="streams" title="Watch Along">
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {['YouTube', 'Twitch'].map((site) => (
          <li
            key={site}
            className="flex items-center gap-4 rounded-2xl border border-dashed border-ink-600 bg-ink-850 p-5"
          >
            <Tv aria-hidden="true" className="size-8 text-slate-400" />
            <div>
              <p className="font-bold text-white">{site} live streams</p>
              <p className="text-sm text-slate-300">Coming Soon</p>
            </div>
          </li>
        ))}
      </ul>
    </PageSection>
  );

  return (
    <Page title="Sports" className="flex flex-col gap-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackLink to={paths.root}>Back to Home</BackLink>
        <div className="flex items-center gap-2">
          <Link to={paths.fanPage} className={buttonClasses('outline', 'md')}>
            <UserRound aria-hidden="true" className="size-4" />
            Fan Page
          </Link>
          <Button
            variant="secondary"
            onClick={() => setCartOpen(true)}
            aria-haspopup="dialog"
            aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
          >
            <ShoppingCart aria-hidden="true" className="size-4" />
            Cart
            <span
              data-testid="cart-count"
              className="rounded-full bg-brand-500 px-2 py-0.5 text-xs font-bold text-ink-950"
            >
              {count}
            </span>
          </Button>
        </div>
      </div>

      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-black text-white sm:text-5xl">Sports Hub</h1>
        <p className="max-w-2xl text-slate-300">
          Pick a game board, follow the schedule and back your team. Now playing:{' '}
          <strong className="text-brand-300">1v49 and 1v99 games</strong>: one square each on a 100-entry board, or two
          squares each on a 50-entry board.
        </p>
      </header>

      {phone ? (
        // On a phone the live ticker (one short strip) and the boards come first; the long schedules follow, folded.
        <>
          <ScoreTicker />
          <OpenBoards />
          {boards}
          {schedules}
          {tickets}
          {streams}
        </>
      ) : (
        <>
          {tickets}
          <OpenBoards />
          {boards}
          {schedules}
          {streams}
          <ScoreTicker />
        </>
      )}

      <CartPanel
        open={cartOpen}
        onClose={() => setCartOpen(false)}
        items={cart.items}
        totalCents={cart.totalCents}
        onRemove={cart.remove}
        onCheckout={() =>
          toast({
            title: 'Ticket checkout is coming soon',
            description: 'Your cart is saved on this device until then.',
          })
        }
      />
    </Page>
  );
}
