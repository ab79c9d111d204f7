import { useQuery } from '@tanstack/react-query';
import { Flag, MapPin, ShoppingCart, Ticket, Tv, UserRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { formatCents, formatCentsRange } from '../../../../shared/domain/money';
import { paths } from '../../../app/paths';
import { BackLink } from '../../../components/layout/back-link';
import { LoadFailed, Page, Skeleton } from '../../../components/layout/page';
import { PageSection } from '../../../components/layout/page-section';
import { LinkCard, LinkCardArrow } from '../../../components/link-card';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Icon } from '../../../components/ui/icon';
import { useToast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { usePhoneLayout } from '../../../lib/media';
import { sportsHubQuery } from '../api';
import { CartPanel } from '../components/cart-panel';
import { ColourStrip, MlbWeekendPanel, NflPreseasonPanel, PanelList, PanelRow } from '../components/hub-panels';
import { ScoreTicker } from '../components/score-ticker';
import { useCart } from '../use-cart';

const ticketLeagues = ['NBA', 'MLB', 'WNBA'];

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
